import { ELIP_TRANSITIONS, type ElipStatus } from '@cr/contract/elip.contract';
import { statusTable } from '@cr/core/db/status-table';

/** The ELIP status column's moves (the table lives in the contract so the web shows the same rules). */
export const ELIP_STATUS_TABLE = statusTable<ElipStatus>('elips.status', ELIP_TRANSITIONS);
