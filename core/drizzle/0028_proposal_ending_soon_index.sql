-- The proposal list sorted "ending soon" (listOrder in proposal-list.repo.ts: the open window's end height, then the
-- number) read every proposal and sorted them all by this CASE; with the index a page is read in order. The
-- expression must stay the one listOrder writes, word for word.
CREATE INDEX IF NOT EXISTS "proposals_ending_soon_idx" ON "proposals" ((CASE WHEN "status" = 'PROPOSED' THEN "voting_end_height" WHEN "status" = 'NOTIFICATION' THEN "veto_end_height" END) ASC NULLS LAST, "number" DESC NULLS LAST);
