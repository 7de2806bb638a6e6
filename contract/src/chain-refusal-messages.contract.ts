import type { ChainRefusalName } from './chain-refusals';

/**
 * What a member reads when the site refuses an action because the chain would refuse it (chain-refusals.ts), in
 * English and Chinese. The error `type` is `chain.<snake_case of the contract's error>`; the web shows the text of
 * its language from here (wallet-request-i18n.ts), the api sends the English one.
 */
export const CHAIN_REFUSAL_MESSAGES: Record<ChainRefusalName, { en: string; zh: string }> = {
  AlreadyRegistered: {
    en: 'This suggestion is already registered on chain as a proposal.',
    zh: '该建议已在链上登记为提案。',
  },
  ElectionRunning: {
    en: 'The council election is running on chain: no proposal can be registered until the new council is seated.',
    zh: '链上正在进行委员会选举：新委员会就任前不能登记提案。',
  },
  CirculatingSupplyUnset: {
    en: 'The chain operator has not set the circulating supply yet, so no proposal can be registered.',
    zh: '链上运营方尚未设置流通量，暂时不能登记提案。',
  },
  InvalidDid: {
    en: 'A DID in this proposal is not one the chain accepts (did:elastos: and base58 characters).',
    zh: '提案中的某个 DID 不被链接受（须为 did:elastos: 加 base58 字符）。',
  },
  InvalidKey: {
    en: 'A public key in this proposal is not a valid P-256 key, so the chain would refuse it.',
    zh: '提案中的某个公钥不是有效的 P-256 公钥，链会拒绝。',
  },
  InvalidTerms: {
    en: 'The terms of this proposal do not fit its type, so the chain would refuse them.',
    zh: '提案条款与其类型不符，链会拒绝。',
  },
  TargetNotActive: {
    en: 'The proposal this one acts on is not a passed (active) funding proposal on chain.',
    zh: '本提案所针对的提案在链上不是已通过（执行中）的资助提案。',
  },
  NotCouncilMember: {
    en: 'Your DID does not hold a seat of this council term on chain.',
    zh: '你的 DID 在链上不是本届委员会的委员。',
  },
  ProposalLimitReached: {
    en: 'You have registered the most proposals a council member may register in one term (128).',
    zh: '你本届已登记的提案数已达上限（128 个）。',
  },
  InvalidBudget: {
    en: 'The payment schedule breaks the treasury’s stage rules (advance first, one completion payment last, no zero amounts, at most 16 stages, a recipient address).',
    zh: '付款计划不符合国库规则（预付款在最前，唯一的完成款在最后，金额不能为零，最多 16 期，须有收款地址）。',
  },
  UnknownProposal: {
    en: 'The proposal is not registered on chain.',
    zh: '该提案尚未在链上登记。',
  },
  WrongStatus: {
    en: 'The proposal’s status on chain does not allow this action now.',
    zh: '该提案在链上的状态现在不允许此操作。',
  },
  VotingClosed: {
    en: 'The council voting window of this proposal is closed on chain.',
    zh: '该提案的委员投票期在链上已结束。',
  },
  TermOver: {
    en: 'The council term of this proposal has ended: its members can no longer vote on it.',
    zh: '该提案所属的委员会任期已结束，委员不能再对其投票。',
  },
  InvalidChoice: {
    en: 'Choose yes, oppose or abstain.',
    zh: '请选择赞成、反对或弃权。',
  },
  StaleNonce: {
    en: 'A newer vote of yours is already on chain. Vote again to replace it.',
    zh: '你在链上已有更新的投票。如需更改，请重新投票。',
  },
  ProposalNotActive: {
    en: 'The proposal is not in a state where the treasury pays: payments need a passed proposal.',
    zh: '该提案当前状态下国库不付款：须为已通过的提案。',
  },
  UnknownBudget: {
    en: 'The treasury holds no budget for this proposal.',
    zh: '国库中没有该提案的预算。',
  },
  BudgetClosedAlready: {
    en: 'The budget of this proposal is closed on chain: no more requests or reviews.',
    zh: '该提案的预算在链上已关闭，不能再申请或审核付款。',
  },
  StageOutOfOrder: {
    en: 'Stages are paid in order: on chain, another stage is the next one to request.',
    zh: '付款按顺序进行：链上下一个可申请的是另一期。',
  },
  StageNotRequestable: {
    en: 'This stage is already requested or approved on chain.',
    zh: '该期款项在链上已申请或已批准。',
  },
  StageNotRequested: {
    en: 'This stage is not waiting for a review on chain.',
    zh: '该期款项在链上并未等待审核。',
  },
  SecretaryUnset: {
    en: 'No secretary general is seated on chain.',
    zh: '链上没有在任的秘书长。',
  },
  NothingToWithdraw: {
    en: 'No approved payment is waiting to be withdrawn on chain.',
    zh: '链上没有待提取的已批准款项。',
  },
  TreasuryInsufficient: {
    en: 'The treasury does not hold enough ELA to pay this withdrawal now.',
    zh: '国库目前的 ELA 余额不足以支付这笔提款。',
  },
  InvalidOutcome: {
    en: 'A proposal is concluded as completed or as incomplete.',
    zh: '提案只能以完成或未完成结项。',
  },
  StagesOutstanding: {
    en: 'A proposal is completed only once every payment stage is approved on chain; conclude it as incomplete or wait for the approvals.',
    zh: '只有所有付款阶段在链上获批后提案才能完成；请以未完成结项，或等待审批。',
  },
  NotOwner: {
    en: 'Your DID is not the owner of this proposal on chain.',
    zh: '你的 DID 在链上不是该提案的负责人。',
  },
  NotSecretary: {
    en: 'Your DID is not the secretary general seated on chain.',
    zh: '你的 DID 不是链上在任的秘书长。',
  },
  WithdrawalChanged: {
    en: 'The amount or the recipient due on chain differs from what the site shows. Reload the page and try again.',
    zh: '链上应付的金额或收款地址与页面显示不同。请刷新页面后重试。',
  },
};

/** The error `type` of a refusal: `chain.` and the contract error's name in snake case (`chain.voting_closed`). */
export function chainRefusalType(name: ChainRefusalName): string {
  return `chain.${name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase()}`;
}

/** The refusal named by an error `type`, or null when the type is not a chain refusal. */
export function chainRefusalOfType(type: string): ChainRefusalName | null {
  const hit = (Object.keys(CHAIN_REFUSAL_MESSAGES) as ChainRefusalName[]).find(
    (n) => chainRefusalType(n) === type,
  );
  return hit ?? null;
}
