import type { Language } from '@cr/contract/profile.contract';
import { etaOf, type ChainClock } from '../../chain/chain-clock';
import type { IcsEvent } from './ics';

/**
 * Which deadlines concern a member, as calendar events (pure: the service reads the rows). Heights become times
 * with the ETA from the observed block interval (etaOf), so every fetch moves the events as block times drift; a
 * deadline whose time is unknown (no chain head yet) is left out rather than guessed.
 */

/** A deadline is a point in time; calendar apps show it as a short event starting at the estimated block time. */
const EVENT_MS = 15 * 60_000;

export interface DeadlineViewer {
  userId: string;
  /** Seated in the current council term (from the chain index), not merely holding the site role. */
  seated: boolean;
  lang: Language;
}

export interface DeadlineProposal {
  id: string;
  number: number | null;
  title: string;
  status: string;
  ownerId: string | null;
  votingEndHeight: number | null;
  vetoEndHeight: number | null;
}

export interface DeadlineTerm {
  term: number;
  electionStartHeight: number;
}

export interface DeadlineContext {
  clock: ChainClock;
  /** The site origin for page links (PUBLIC_URL). */
  publicUrl: string;
  /** The host part of every UID, so UIDs stay unique across calendars. */
  uidHost: string;
}

type Kind = 'voting' | 'veto' | 'election';

const TEXT: Record<
  Language,
  {
    summary: Record<Exclude<Kind, 'election'>, (n: string, title: string) => string>;
    election: (term: number) => string;
    block: (h: number) => string;
    drift: string;
    calendarName: string;
  }
> = {
  en: {
    summary: {
      voting: (n, title) => `Council vote closes: Proposal #${n} "${title}"`,
      veto: (n, title) => `Veto period ends: Proposal #${n} "${title}"`,
    },
    election: (term) => `Council election starts (term ${term})`,
    block: (h) => `Block ${h}.`,
    drift:
      'The time is estimated from the observed block interval and updates with this feed as block times drift.',
    calendarName: 'Cyber Republic deadlines',
  },
  zh: {
    summary: {
      voting: (n, title) => `委员会投票截止：提案 #${n}「${title}」`,
      veto: (n, title) => `公示期结束：提案 #${n}「${title}」`,
    },
    election: (term) => `委员会选举开始（第 ${term} 届）`,
    block: (h) => `区块 ${h}。`,
    drift: '时间按观测到的出块间隔估算，出块时间变化时本日历会随之更新。',
    calendarName: 'Cyber Republic 截止日期',
  },
};

export const calendarName = (lang: Language) => TEXT[lang].calendarName;

const pageUrl = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;

function deadline(
  ctx: DeadlineContext,
  lang: Language,
  a: { uid: string; height: number; summary: string; path: string },
): IcsEvent | null {
  const start = etaOf(a.height, ctx.clock);
  if (!start) return null;
  const url = pageUrl(ctx.publicUrl, a.path);
  return {
    uid: `${a.uid}@${ctx.uidHost}`,
    start,
    end: new Date(start.getTime() + EVENT_MS),
    summary: a.summary,
    description: [`${TEXT[lang].block(a.height)} ${TEXT[lang].drift}`, url].join('\n'),
    url,
  };
}

/** The window end of a proposal that the viewer should see, or null (not theirs, no end height). */
function proposalDeadline(
  viewer: DeadlineViewer,
  p: DeadlineProposal,
  ctx: DeadlineContext,
): IcsEvent | null {
  const own = p.ownerId === viewer.userId;
  const kind: Exclude<Kind, 'election'> | null =
    p.status === 'PROPOSED' ? 'voting' : p.status === 'NOTIFICATION' ? 'veto' : null;
  const height = kind === 'voting' ? p.votingEndHeight : kind === 'veto' ? p.vetoEndHeight : null;
  if (!kind || height === null || !(viewer.seated || own)) return null;
  const n = String(p.number ?? '?');
  return deadline(ctx, viewer.lang, {
    uid: `proposal-${p.id}-${kind}-end`,
    height,
    summary: TEXT[viewer.lang].summary[kind](n, p.title),
    path: `/proposals/${p.number ?? p.id}`,
  });
}

/**
 * Every deadline that concerns the viewer: for a seated council member the voting end of each PROPOSED proposal and
 * the veto end of each NOTIFICATION one; for an owner the current window end of their own proposals; for every
 * member the next council election start while it is still ahead. One event per UID, soonest first.
 */
export function deadlinesFor(
  viewer: DeadlineViewer,
  proposals: readonly DeadlineProposal[],
  term: DeadlineTerm | undefined,
  ctx: DeadlineContext,
): IcsEvent[] {
  const events = proposals.map((p) => proposalDeadline(viewer, p, ctx));
  const h = ctx.clock.height;
  if (term && h !== null && h < term.electionStartHeight) {
    events.push(
      deadline(ctx, viewer.lang, {
        uid: `council-term-${term.term}-election-start`,
        height: term.electionStartHeight,
        summary: TEXT[viewer.lang].election(term.term + 1),
        path: '/council',
      }),
    );
  }
  const byUid = new Map<string, IcsEvent>();
  for (const e of events) if (e && !byUid.has(e.uid)) byUid.set(e.uid, e);
  return [...byUid.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}
