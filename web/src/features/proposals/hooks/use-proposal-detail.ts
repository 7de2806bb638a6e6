import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChainActionView } from '@cr/contract/chain.contract';
import {
  PROPOSAL_UPDATE_EVENT,
  proposalUpdateSchema,
  type MemberVote,
  type ProposalDetail,
} from '@cr/contract/proposal.contract';
import { proposalPageKey } from '@cr/contract/page-data.contract';
import { listenRoom } from '../../../components/chain-status/live-socket';
import { newerView, useSubjectChainActions } from '../../../components/chain-status/use-chain-action';
import { latestOnly } from '../../../lib/latest-only';
import { sameData } from '../../../lib/same-data';
import { dropPageData, sentPageData } from '../../../lib/page-data';
import { proposalApi } from '../api/proposal-api';

/** Changes arriving together (a block carrying several votes) cause one reload. */
const RELOAD_DEBOUNCE_MS = 400;
/**
 * Chain action changes that arrive within this long are shown in one render: twelve council votes confirmed in
 * one block reach the page as twelve events within a few milliseconds, and each would render the whole page.
 */
const LIVE_BATCH_MS = 60;

export interface UseProposalDetail {
  proposal: ProposalDetail | null;
  error: unknown;
  /** True while the proposal's socket room is joined. */
  live: boolean;
  /** The newest view of each chain action of the proposal (page data merged with live events). */
  actions: Map<string, ChainActionView>;
  reload(): Promise<void>;
  /** Local change (e.g. the member's own vote saved) before the next reload. */
  patch(change: (p: ProposalDetail) => ProposalDetail): void;
  /**
   * The member's vote was signed and its chain action recorded (the wallet request's result): the vote shows as
   * being posted at once, and a reload answered from before the signature cannot bring back "post your vote".
   */
  markPosted(memberId: string, chainActionId: string): void;
  onChainChange(view: ChainActionView): void;
}

interface PostedVote {
  chainActionId: string;
  /** The saved vote the signature covers; a newer saved vote (a changed choice) needs posting again. */
  votedAt: string | null;
}

/** A vote the page knows is signed keeps its chain action when an older answer says it has none yet. */
function withPosted(vote: MemberVote, posted: Map<string, PostedVote>): MemberVote {
  const mine = posted.get(vote.member.memberId);
  if (!mine || vote.chainActionId || vote.votedAt !== mine.votedAt) return vote;
  return { ...vote, chainActionId: mine.chainActionId, chainStatus: 'unchain' };
}

function applyPosted(p: ProposalDetail, posted: Map<string, PostedVote>): ProposalDetail {
  if (posted.size === 0) return p;
  return {
    ...p,
    votes: p.votes.map((v) => withPosted(v, posted)),
    my: { ...p.my, vote: p.my.vote ? withPosted(p.my.vote, posted) : p.my.vote },
  };
}

/**
 * One proposal, kept current without a reload: the room `proposal:<id>` brings `chain:action` (registration,
 * votes, finalize, vetoes) and `proposal:update` (status, votes, veto total); each is applied at once where it
 * can be and otherwise causes one debounced reload of the detail.
 */
export function useProposalDetail(ref: string): UseProposalDetail {
  // The first render of a page the server rendered with the proposal shows that proposal, as the server did.
  const [proposal, setProposal] = useState<ProposalDetail | null>(
    () => sentPageData<ProposalDetail>(proposalPageKey(ref)) ?? null,
  );
  const [error, setError] = useState<unknown>(null);
  const [actions, setActions] = useState<Map<string, ChainActionView>>(
    () => new Map(proposal?.transactions.map((a) => [a.id, a])),
  );
  /** The proposal shown is this ref's (from the page's data): a (re)mount reads it afresh without a blank. */
  const shown = useRef<string | null>(proposal ? ref : null);
  const [updatesLive, setUpdatesLive] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [reads] = useState(latestOnly);
  const posted = useRef(new Map<string, PostedVote>());
  const shownProposal = useRef(proposal);
  shownProposal.current = proposal;

  const reload = useCallback(
    () =>
      reads.run(
        () => proposalApi.detail(ref),
        (p) => {
          // Once the server's answer carries the action (or a newer vote), the local mark has done its work.
          for (const v of p.votes) {
            const mark = posted.current.get(v.member.memberId);
            if (mark && (v.chainActionId || v.votedAt !== mark.votedAt))
              posted.current.delete(v.member.memberId);
          }
          // An answer that says what is shown already (the read right after the server's page, mostly) renders
          // nothing: a new object would render the whole page again, one long task on a phone.
          const next = applyPosted(p, posted.current);
          if (!sameData(shownProposal.current, next)) setProposal(next);
          setError(null);
          setActions((cur) => {
            let changed = false;
            const merged = new Map(cur);
            for (const a of p.transactions) {
              const before = merged.get(a.id) ?? null;
              const view = newerView(before, a);
              if (before && sameData(before, view)) continue;
              merged.set(a.id, view);
              changed = true;
            }
            return changed ? merged : cur;
          });
        },
        setError,
      ),
    [ref, reads],
  );

  /** A change was announced: a read still in flight is dropped (see latestOnly), the scheduled one replaces it. */
  const scheduleReload = useCallback(() => {
    reads.supersede();
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void reload(), RELOAD_DEBOUNCE_MS);
  }, [reads, reload]);

  useEffect(() => {
    dropPageData(proposalPageKey(ref));
    if (shown.current !== ref) {
      setProposal(null);
      setActions(new Map());
      posted.current = new Map();
    }
    shown.current = ref;
    void reload();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [ref, reload]);

  const known = useRef(actions);
  known.current = actions;
  /** Changes not rendered yet (LIVE_BATCH_MS), by action id; applied together in one state change. */
  const pendingViews = useRef(new Map<string, ChainActionView>());
  const batchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flushViews = useCallback(() => {
    batchTimer.current = null;
    const views = [...pendingViews.current.values()];
    pendingViews.current = new Map();
    if (views.length === 0) return;
    setActions((cur) => {
      const next = new Map(cur);
      for (const v of views) next.set(v.id, newerView(next.get(v.id) ?? null, v));
      return next;
    });
  }, []);
  useEffect(
    () => () => {
      if (batchTimer.current) clearTimeout(batchTimer.current);
    },
    [],
  );
  const onChainChange = useCallback(
    (view: ChainActionView) => {
      const before = pendingViews.current.get(view.id) ?? known.current.get(view.id);
      if (before && before.status === view.status && before.updatedAt === view.updatedAt) return;
      pendingViews.current.set(view.id, newerView(pendingViews.current.get(view.id) ?? null, view));
      batchTimer.current ??= setTimeout(flushViews, LIVE_BATCH_MS);
      // A new action (a vote just signed) is read at once, so its row follows it from the start; a status change
      // of a known one changes what counts (votes, status): one debounced reload.
      if (!before) void reload();
      else if (before.status !== view.status) scheduleReload();
    },
    [reload, scheduleReload, flushViews],
  );

  const id = proposal?._id;
  const chainLive = useSubjectChainActions('proposal', id, onChainChange, scheduleReload);

  useEffect(() => {
    if (!id) return;
    let first = true;
    return listenRoom<unknown>(
      `proposal:${id}`,
      PROPOSAL_UPDATE_EVENT,
      (payload) => {
        const parsed = proposalUpdateSchema.safeParse(payload);
        if (!parsed.success || parsed.data.id !== id) return;
        // Only a new status is shown at once (a vote's update says the same status: nothing to render yet).
        setProposal((cur) =>
          cur && cur.status !== parsed.data.status ? { ...cur, status: parsed.data.status } : cur,
        );
        scheduleReload();
      },
      (ok, caughtUp) => {
        setUpdatesLive(ok);
        // After a lost connection: the updates missed meanwhile were handed over (each reloads), or read again.
        if (ok && !first && !caughtUp) scheduleReload();
        if (ok) first = false;
      },
    );
  }, [id, scheduleReload]);

  const patch = useCallback((change: (p: ProposalDetail) => ProposalDetail) => {
    setProposal((cur) => (cur ? change(cur) : cur));
  }, []);

  const markPosted = useCallback((memberId: string, chainActionId: string) => {
    setProposal((cur) => {
      if (!cur) return cur;
      const vote = cur.votes.find((v) => v.member.memberId === memberId) ?? cur.my.vote;
      posted.current.set(memberId, { chainActionId, votedAt: vote?.votedAt ?? null });
      return applyPosted(cur, posted.current);
    });
  }, []);

  return {
    proposal,
    error,
    live: chainLive && updatesLive,
    actions,
    reload,
    patch,
    markPosted,
    onChainChange,
  };
}
