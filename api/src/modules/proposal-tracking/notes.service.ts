import type { AppDeps } from '../../app-deps';
import { personName } from '@cr/contract/person-name';
import { proposalRoom } from '@cr/contract/proposal.contract';
import {
  TRACKING_UPDATE_EVENT,
  type NotesEdit,
  type ProposalNotes,
} from '@cr/contract/proposal-tracking.contract';
import type { Db } from '@cr/core/db/db-client';
import type { CommandOutcome } from '../../http/command';
import { publicUsers } from '../user';
import type { AuthUser } from '../session';
import { isSecretaryGeneral, trackedProposal, trackingError } from './tracking-access';
import { insertNotes, notesOf } from './tracking.repo';

/** GET /api/proposals/:id/notes — the secretariat notes (public) with every earlier edit, newest first. */
export async function getNotes(deps: AppDeps, user: AuthUser | null, ref: string): Promise<ProposalNotes> {
  const db = deps.database.db;
  const p = await trackedProposal(db, ref);
  const rows = await notesOf(db, p.id);
  const cards = await publicUsers(
    db,
    rows.map((r) => r.authorId),
  );
  const versions = rows.map((r) => {
    const c = cards.get(r.authorId);
    return {
      _id: r.id,
      content: r.content,
      author: c ? { _id: c._id, username: c.username, name: personName(c) } : null,
      createdAt: r.createdAt.toISOString(),
    };
  });
  return {
    proposalId: p.id,
    current: versions[0] ?? null,
    history: versions.slice(1),
    my: { canEdit: await isSecretaryGeneral(db, user) },
  };
}

/** PUT /api/proposals/:id/notes — the secretary general saves new notes; the earlier text stays in the history. */
export async function editNotes(
  tx: Db,
  user: AuthUser,
  ref: string,
  input: NotesEdit,
): Promise<CommandOutcome<string>> {
  const p = await trackedProposal(tx, ref, true);
  if (!(await isSecretaryGeneral(tx, user))) throw trackingError.notSecretary();
  await insertNotes(tx, { proposalId: p.id, content: input.content, authorId: user.id });
  return {
    result: p.id,
    events: [
      { room: proposalRoom(p.id), event: TRACKING_UPDATE_EVENT, payload: { id: p.id, what: 'notes' } },
    ],
  };
}
