import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Form, Progress, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RuleIssue } from '@cr/contract/suggestion-budget.contract';
import { checkSuggestionContent } from '@cr/contract/suggestion-content.contract';
import { SUGGESTION_MESSAGES } from '@cr/contract/suggestion-messages.contract';
import { countWords } from '@cr/contract/word-count';
import { pathKey, setAt, typeHasField, type FormValues, type Path } from '../model/form-values';
import { translateRule } from '../model/rule-messages';
import { fieldId, SuggestionFormProvider, type SuggestionFormApi } from './form-context';
import { MarkdownField, TextField } from './form-inputs';
import { RelevanceEditor, TeamEditor } from './list-editors';
import { MilestoneEditor } from './milestone-editor';
import { MoreFields } from './more-fields';
import { PaymentScheduleEditor } from './payment-schedule-editor';
import { TypeDetailsFields, TypePicker } from './type-fields';

const ABSTRACT_MAX_WORDS = 200;
const MORE_FIELDS = [
  'links',
  'coverImage',
  'shortDescription',
  'fullDescription',
  'benefits',
  'fundingUsd',
  'expectedCompletion',
];
const DETAIL_FIELDS = [
  'targetProposalNumber',
  'newOwnerDid',
  'newAddress',
  'newSecretaryDid',
  'closeProposalNumber',
  'didNameList',
  'receivedCustomizedIdList',
  'customizedIdBindToDid',
  'customizedIdFee',
  'effectiveHeightOfEid',
  'sideChainDetails',
];

type TabKey =
  'type' | 'abstract' | 'motivation' | 'goal' | 'plan' | 'team' | 'relevance' | 'details' | 'more';
interface TabDef {
  key: TabKey;
  prefixes: string[];
  required: boolean;
}

/** The tabs a type shows (the original form's TAB_KEYS, plus "More" for the fields every type may carry). */
function tabsFor(values: FormValues): TabDef[] {
  const type = values.type ?? '1';
  const motion = typeHasField(type, 'plan');
  const newMotion = type === '1';
  const tabs: TabDef[] = [
    { key: 'type', prefixes: ['type'], required: true },
    { key: 'abstract', prefixes: ['abstract'], required: true },
    { key: 'motivation', prefixes: ['motivation'], required: true },
  ];
  if (motion)
    tabs.push(
      { key: 'goal', prefixes: ['goal'], required: newMotion },
      { key: 'plan', prefixes: ['plan', 'budget'], required: newMotion },
      { key: 'team', prefixes: ['team'], required: newMotion },
      { key: 'relevance', prefixes: ['relevance'], required: false },
    );
  else tabs.push({ key: 'details', prefixes: DETAIL_FIELDS, required: true });
  tabs.push({ key: 'more', prefixes: MORE_FIELDS, required: false });
  return tabs;
}

const tabOf = (path: Path, tabs: TabDef[]): TabKey | null =>
  tabs.find((tab) => tab.prefixes.includes(String(path[0])))?.key ?? null;

/**
 * Where a rule message shows before "Save & post" was pressed: at a path the member changed, at the row or
 * list holding it, and — for the budget's cross-line rules — once any part of the budget was changed.
 */
function isVisible(key: string, touched: Set<string>): boolean {
  for (const t of touched) {
    if (t === key || key.startsWith(`${t}.`) || t.startsWith(`${key}.`)) return true;
  }
  if (key === 'budget.total' || key === 'budget.payments')
    return [...touched].some((t) => t.startsWith('budget.payments') || t === 'budget.total');
  return false;
}

/** A human name for the place of an issue ("Payment #2 · Amount"), for the error summary. */
function describePath(path: Path, t: (k: string, o?: Record<string, unknown>) => string): string {
  const [head, a, b, c] = path;
  if (head === 'plan' && a === 'milestones' && typeof b === 'number')
    return `${t('plan.milestoneN', { n: b + 1 })} · ${t(`plan.${String(c)}`)}`;
  if (head === 'plan' && a === 'milestones') return t('plan.milestones');
  if (head === 'budget' && a === 'payments' && typeof b === 'number')
    return `${t('budget.paymentN', { n: b + 1 })} · ${t(`budget.${String(c)}`)}`;
  if (head === 'budget' && a === 'payments') return t('budget.schedule');
  if (head === 'budget') return t(a === 'total' ? 'budget.totalLabel' : `budget.${String(a)}`);
  if (head === 'team' && typeof a === 'number')
    return `${t('team.memberN', { n: a + 1 })} · ${t(`team.${String(b)}`)}`;
  if (head === 'team') return t('team.title');
  if (head === 'relevance' && typeof a === 'number') return t('relevance.itemN', { n: a + 1 });
  if (head === 'sideChainDetails') return `${t('fields.sideChainDetails')} · ${t(`sideChain.${String(a)}`)}`;
  if (head === 'links' && typeof a === 'number') return t('more.linkN', { n: a + 1 });
  return t(`fields.${String(head)}`);
}

export interface SuggestionFormProps {
  values: FormValues;
  onChange(values: FormValues): void;
  /** Field refusals from the server (rules only the database can check). */
  serverIssues: RuleIssue[];
  /** Bumped on every "Save & post" press: all messages show and the first tab with one opens. */
  submitCount: number;
  /** Save buttons, autosave state. */
  actions: ReactNode;
}

/** The suggestion form: a title, then one tab per part of the type, every rule shown where it applies. */
export function SuggestionForm({
  values,
  onChange,
  serverIssues,
  submitCount,
  actions,
}: SuggestionFormProps) {
  const { t } = useTranslation('suggestions');
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const tabs = tabsFor(values);
  const [active, setActive] = useState<TabKey>('type');
  const activeTab = tabs.some((x) => x.key === active) ? active : 'type';

  const issues = useMemo(() => {
    const local = checkSuggestionContent(values);
    const seen = new Set(local.map((i) => `${pathKey(i.path)}|${i.message}`));
    return [...local, ...serverIssues.filter((i) => !seen.has(`${pathKey(i.path)}|${i.message}`))];
  }, [values, serverIssues]);

  const showAll = submitCount > 0;
  // A main-chain payment address shows at once: a draft or version stored before the smart-chain rule opens
  // with the message on the field, so it is fixed before "Save & post" rather than refused then.
  const visible = useMemo(
    () =>
      issues.filter(
        (i) =>
          showAll ||
          serverIssues.includes(i) ||
          i.message === SUGGESTION_MESSAGES.escAddressRequired ||
          isVisible(pathKey(i.path), touched),
      ),
    [issues, showAll, touched, serverIssues],
  );
  const byKey = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const i of visible) {
      const key = pathKey(i.path);
      map.set(key, [...(map.get(key) ?? []), translateRule(i.message, t)]);
    }
    return map;
  }, [visible, t]);

  // A new "Save & post" press opens the first tab with a problem.
  useEffect(() => {
    if (submitCount === 0) return;
    const first = issues.find((i) => i.path[0] !== 'title');
    const titleIssue = issues.find((i) => i.path[0] === 'title');
    if (titleIssue) document.getElementById('sg-title')?.focus();
    else if (first) {
      const tab = tabOf(first.path, tabsFor(values));
      if (tab) setActive(tab);
    }
    // Only on a new press: the issues of that moment decide.
  }, [submitCount]);

  const touch = (paths: Path[]) =>
    setTouched((prev) => {
      const next = new Set(prev);
      for (const p of paths) next.add(pathKey(p));
      return next;
    });

  const api: SuggestionFormApi = {
    values,
    set: (path, value, also) => {
      onChange(setAt(values, path, value));
      touch(also ? [path, also] : [path]);
    },
    update: (change, paths = []) => {
      onChange(change(values));
      if (paths.length) touch(paths);
    },
    messagesAt: (path) => byKey.get(pathKey(path)) ?? [],
    hasMessagesUnder: (prefixes) => visible.some((i) => prefixes.includes(String(i.path[0]))),
  };

  const words = countWords(values.abstract ?? '');
  const tabContent: Record<TabKey, ReactNode> = {
    type: <TypePicker />,
    abstract: (
      <MarkdownField
        path={['abstract']}
        label={t('fields.abstract')}
        required
        rows={6}
        extra={t('notes.abstract')}
        footer={<WordCounter words={words} />}
      />
    ),
    motivation: (
      <MarkdownField
        path={['motivation']}
        label={t('fields.motivation')}
        required
        images
        rows={10}
        extra={<MotivationNote />}
      />
    ),
    goal: (
      <MarkdownField
        path={['goal']}
        label={t('fields.goal')}
        required={values.type === '1'}
        images
        rows={8}
        extra={t('notes.goal')}
      />
    ),
    plan: (
      <>
        <Typography.Paragraph className="sg-note">{t('notes.plan')}</Typography.Paragraph>
        <MilestoneEditor />
        <MarkdownField path={['plan', 'statement']} label={t('plan.statement')} rows={4} />
        <Typography.Title level={3} className="sg-subtitle">
          {t('budget.title')}
        </Typography.Title>
        <PaymentScheduleEditor />
      </>
    ),
    team: <TeamEditor />,
    relevance: <RelevanceEditor />,
    details: <TypeDetailsFields />,
    more: <MoreFields />,
  };

  const index = tabs.findIndex((x) => x.key === activeTab);
  const errorCount = visible.length;

  return (
    <SuggestionFormProvider api={api}>
      <Form layout="vertical" component="div" className="sg-form" requiredMark>
        <TextField path={['title']} label={t('fields.title')} required placeholder={t('notes.title')} />
        {showAll && errorCount > 0 && (
          <Alert
            type="error"
            showIcon
            className="sg-error-summary"
            data-testid="error-summary"
            title={t('form.errorSummary', { count: errorCount })}
            description={
              <ul>
                {visible.slice(0, 8).map((i) => (
                  <li key={`${pathKey(i.path)}|${i.message}`}>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => {
                        const tab = tabOf(i.path, tabs);
                        if (tab) setActive(tab);
                        setTimeout(() => document.getElementById(fieldId(i.path))?.focus(), 60);
                      }}
                    >
                      {describePath(i.path, t)}
                    </Button>
                    : {translateRule(i.message, t)}
                  </li>
                ))}
                {visible.length > 8 && <li>{t('form.moreErrors', { count: visible.length - 8 })}</li>}
              </ul>
            }
          />
        )}
        <Tabs
          activeKey={activeTab}
          onChange={(k) => setActive(k as TabKey)}
          className="sg-form-tabs"
          items={tabs.map((tab) => {
            const bad = api.hasMessagesUnder(tab.prefixes);
            return {
              key: tab.key,
              label: (
                <span className={bad ? 'sg-tab--error' : undefined} data-testid={`tab-${tab.key}`}>
                  {t(`tabs.${tab.key}`)}
                  {tab.required ? ' *' : ''}
                  {bad && <span className="cr-visually-hidden"> ({t('form.tabHasErrors')})</span>}
                </span>
              ),
              children: <div className="sg-tab-panel">{tabContent[tab.key]}</div>,
            };
          })}
        />
        <div className="sg-form__nav">
          <Button disabled={index <= 0} onClick={() => setActive(tabs[index - 1]!.key)}>
            {t('form.previous')}
          </Button>
          <Button disabled={index >= tabs.length - 1} onClick={() => setActive(tabs[index + 1]!.key)}>
            {t('form.next')}
          </Button>
        </div>
        <div className="sg-form__actions">{actions}</div>
      </Form>
    </SuggestionFormProvider>
  );
}

function MotivationNote() {
  const { t } = useTranslation('suggestions');
  return (
    <>
      {t('notes.motivation')} <strong>{t('notes.motivationWarning')}</strong>
    </>
  );
}

/** Words used of the 200 the abstract may have (CJK characters count one each). */
function WordCounter({ words }: { words: number }) {
  const { t } = useTranslation('suggestions');
  const left = ABSTRACT_MAX_WORDS - words;
  const status = left < 0 ? 'exception' : left <= 20 ? 'active' : 'normal';
  return (
    <div className="sg-word-counter" data-testid="word-counter" aria-live="polite">
      <Progress
        type="circle"
        size={28}
        percent={Math.min(100, Math.round((words / ABSTRACT_MAX_WORDS) * 100))}
        status={status}
        showInfo={false}
        strokeColor={left < 0 ? '#be1313' : left <= 20 ? '#d48806' : undefined}
      />
      <span className={left < 0 ? 'sg-word-counter--over' : left <= 20 ? 'sg-word-counter--low' : undefined}>
        {t('form.words', { words, max: ABSTRACT_MAX_WORDS })}
        {left >= 0 && left <= 20 ? ` · ${t('form.wordsLeft', { count: left })}` : ''}
      </span>
    </div>
  );
}
