import { describe, expect, it } from 'vitest';
import { conclusionActionsFor, conclusionRefusal, finalReady } from './conclusion-rules';

const base = {
  status: 'ACTIVE' as const,
  kind: 'NORMAL' as const,
  stages: ['WITHDRAWN', 'WITHDRAWN', 'WAITING_FOR_WITHDRAWAL'] as const,
  summaryApproved: true,
  outcome: 'FINAL' as const,
  note: undefined,
};

describe('conclusion rules', () => {
  it('FINAL needs an ACTIVE NORMAL proposal, the summary approved and every stage approved', () => {
    expect(conclusionRefusal({ ...base, stages: [...base.stages] })).toBeNull();
    expect(conclusionRefusal({ ...base, stages: [...base.stages], status: 'FINAL' })).toBe('wrong_status');
    expect(conclusionRefusal({ ...base, stages: [...base.stages], kind: 'TERMINATE' })).toBe('wrong_status');
    expect(conclusionRefusal({ ...base, stages: [...base.stages], summaryApproved: false })).toBe(
      'summary_required',
    );
    expect(conclusionRefusal({ ...base, stages: ['WITHDRAWN', 'WITHDRAWN', 'WAITING_FOR_APPROVAL'] })).toBe(
      'stages_outstanding',
    );
    expect(conclusionRefusal({ ...base, stages: ['WITHDRAWN', 'REJECTED', 'WAITING_FOR_REQUEST'] })).toBe(
      'stages_outstanding',
    );
  });

  it('INCOMPLETED needs a note when there is no approved summary', () => {
    const inc = {
      ...base,
      stages: ['WITHDRAWN', 'WAITING_FOR_REQUEST'] as const,
      outcome: 'INCOMPLETED' as const,
    };
    expect(conclusionRefusal({ ...inc, stages: [...inc.stages] })).toBeNull();
    expect(conclusionRefusal({ ...inc, stages: [...inc.stages], summaryApproved: false })).toBe(
      'note_required',
    );
    expect(
      conclusionRefusal({ ...inc, stages: [...inc.stages], summaryApproved: false, note: 'Stopped.' }),
    ).toBeNull();
  });

  it('offers co-signing to the party who has not signed, and nothing once it is on its way', () => {
    expect(finalReady(['WITHDRAWN'], true)).toBe(true);
    expect(finalReady(['WITHDRAWN'], false)).toBe(false);
    const ready = { party: true, open: true, finalReady: true };
    expect(conclusionActionsFor({ ...ready, pending: null })).toEqual(['final', 'incompleted']);
    expect(
      conclusionActionsFor({
        ...ready,
        pending: { status: 'SIGNING', outcome: 'FINAL', signedByViewer: false, replaceable: true },
      }),
    ).toEqual(['cosign', 'incompleted', 'cancel']);
    expect(
      conclusionActionsFor({
        ...ready,
        pending: { status: 'SIGNING', outcome: 'FINAL', signedByViewer: true, replaceable: true },
      }),
    ).toEqual(['incompleted', 'cancel']);
    expect(
      conclusionActionsFor({
        ...ready,
        pending: { status: 'SIGNED', outcome: 'FINAL', signedByViewer: true, replaceable: false },
      }),
    ).toEqual([]);
    expect(conclusionActionsFor({ ...ready, party: false, pending: null })).toEqual([]);
  });
});
