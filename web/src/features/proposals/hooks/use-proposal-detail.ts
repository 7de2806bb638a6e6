import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChainActionView } from '@cr/api/contract/chain.contract';
import {
  PROPOSAL_UPDATE_EVENT,
  proposalUpdateSchema,
  type ProposalDetail,
} from '@cr/api/contract/proposal.contract';
import { listenRoom } from '../../../components/chain-status/live-socket';
import { newerView, useSubjectChainActions } from '../../../components/chain-status/use-chain-action';
import { proposalApi } from '../api/proposal-api';

/** Changes arriving together (a block carrying several votes) cause one reload. */
const RELOAD_DEBOUNCE_MS = 400;

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
  onChainChange(view: ChainActionView): void;
}

/**
 * One proposal, kept current without a reload: the room `proposal:<id>` brings `chain:action` (registration,
 * votes, finalize, vetoes) and `proposal:update` (status, votes, veto total); each is applied at once where it
 * can be and otherwise causes one debounced reload of the detail.
 */
export function useProposalDetail(ref: string): UseProposalDetail {
  const [proposal, setProposal] = useState<ProposalDetail | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [actions, setActions] = useState<Map<string, ChainActionView>>(new Map());
  const [updatesLive, setUpdatesLive] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const seq = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++seq.current;
    try {
      const p = await proposalApi.detail(ref);
      if (mine !== seq.current) return;
      setProposal(p);
      setError(null);
      setActions((cur) => {
        const next = new Map(cur);
        for (const a of p.transactions) next.set(a.id, newerView(next.get(a.id) ?? null, a));
        return next;
      });
    } catch (err) {
      if (mine === seq.current) setError(err);
    }
  }, [ref]);

  const scheduleReload = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void reload(), RELOAD_DEBOUNCE_MS);
  }, [reload]);

  useEffect(() => {
    setProposal(null);
    setActions(new Map());
    void reload();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [reload]);

  const known = useRef(actions);
  known.current = actions;
  const onChainChange = useCallback(
    (view: ChainActionView) => {
      const before = known.current.get(view.id);
      if (before && before.status === view.status && before.updatedAt === view.updatedAt) return;
      setActions((cur) => new Map(cur).set(view.id, newerView(cur.get(view.id) ?? null, view)));
      // A new action (a vote just signed) is read at once, so its row follows it from the start; a status change
      // of a known one changes what counts (votes, status): one debounced reload.
      if (!before) void reload();
      else if (before.status !== view.status) scheduleReload();
    },
    [reload, scheduleReload],
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
        setProposal((cur) => (cur ? { ...cur, status: parsed.data.status } : cur));
        scheduleReload();
      },
      (ok) => {
        setUpdatesLive(ok);
        if (ok && !first) scheduleReload();
        if (ok) first = false;
      },
    );
  }, [id, scheduleReload]);

  const patch = useCallback((change: (p: ProposalDetail) => ProposalDetail) => {
    setProposal((cur) => (cur ? change(cur) : cur));
  }, []);

  return { proposal, error, live: chainLive && updatesLive, actions, reload, patch, onChainChange };
}
