import { useEffect, useMemo, useState } from 'react';
import { Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { MEMBER_SEARCH_MIN_CHARS } from '@cr/contract/user.contract';
import { MemberAvatar } from '../../../components/member-avatar';
import { searchMembers, type MemberHit } from '../../../lib/member-search';

/** `@ALL`: every council member (the server resolves it). */
const ALL = 'ALL';
/** Typing pauses this long before the server is asked. */
const DEBOUNCE_MS = 250;

/**
 * The @mention box's choices for what is typed after "@": the people of the thread first, then @ALL, then members
 * the server finds by username or name (GET /api/user/search, from 2 characters, debounced; the signed-in
 * member themself is left out). Props for antd `Mentions`.
 */
export function useMentionOptions(participants: string[], self: string | undefined) {
  const { t } = useTranslation('suggestions');
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ q: string; list: MemberHit[] } | null>(null);
  const q = text.trim();
  const remote = q.length >= MEMBER_SEARCH_MIN_CHARS;

  useEffect(() => {
    if (!remote) return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      searchMembers(q, ctrl.signal).then(
        (res) => setFound({ q, list: res.list }),
        // Refused or offline: the thread's people and @ALL are still offered.
        () => !ctrl.signal.aborted && setFound({ q, list: [] }),
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [q, remote]);

  const loading = remote && found?.q !== q;
  const options = useMemo(() => {
    const lower = q.toLowerCase();
    const thread = participants.filter((n) => n !== ALL && n.toLowerCase().includes(lower));
    const taken = new Set([...thread, self ?? ''].map((n) => n.toLowerCase()));
    const others =
      remote && found?.q === q ? found.list.filter((m) => !taken.has(m.username.toLowerCase())) : [];
    return [
      ...thread.map((n) => ({ key: n, value: n, label: `@${n}` })),
      ...(ALL.toLowerCase().includes(lower)
        ? [{ key: ALL, value: ALL, label: t('comments.mentionAll') }]
        : []),
      ...others.map((m) => ({
        key: m.username,
        value: m.username,
        label: (
          <Space size={8} data-testid="mention-member">
            <MemberAvatar size={20} src={m.avatar} />
            <span>{m.name}</span>
            <span className="sg-muted">@{m.username}</span>
          </Space>
        ),
      })),
    ];
  }, [participants, self, q, remote, found, t]);

  return {
    options,
    onSearch: (typed: string) => setText(typed),
    // The choices are already filtered here (by name too, which antd's own filter would drop).
    filterOption: false as const,
    notFoundContent: loading ? <Spin size="small" /> : t('comments.mentionNone'),
  };
}
