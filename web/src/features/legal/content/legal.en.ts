import type { ProseSection } from '../../../components/prose';

export const termsEn: ProseSection[] = [
  {
    id: 'acceptance',
    label: '1',
    title: 'Using this site',
    blocks: [
      {
        p: 'This portal is run for the Elastos DAO community (the Cyber Republic). By creating an account or taking part in suggestions, proposals, votes or discussions you accept these terms. If you do not accept them, please do not use the site.',
      },
    ],
  },
  {
    id: 'accounts',
    label: '2',
    title: 'Your account and your DID',
    blocks: [
      {
        ul: [
          'Keep your password and your wallet keys safe; actions taken with them count as yours.',
          'A DID bound to your account must be yours. Signatures you give with it are binding and public.',
          'One person should not use several accounts to influence a discussion or a vote.',
        ],
      },
    ],
  },
  {
    id: 'content',
    label: '3',
    title: 'What you post',
    blocks: [
      {
        p: 'Suggestions, comments, proposals and the images you upload are public. You keep the rights to your content and allow the Cyber Republic to show, copy and archive it as part of the governance record. Do not post anything you have no right to share, anything unlawful, or personal data of other people.',
      },
    ],
  },
  {
    id: 'conduct',
    label: '4',
    title: 'Conduct',
    blocks: [
      {
        ul: [
          'Be respectful; no harassment, spam or impersonation.',
          'Do not try to break, overload or get around the security of the site.',
          'Content that breaks these rules may be marked as abuse, archived or removed by administrators.',
        ],
      },
    ],
  },
  {
    id: 'chain',
    label: '5',
    title: 'On-chain actions',
    blocks: [
      {
        p: 'Registrations, votes, vetoes and payments are recorded on a public blockchain. Once confirmed they cannot be undone by the site or its operators. Check what you sign in your wallet before you approve it.',
      },
    ],
  },
  {
    id: 'funding',
    label: '6',
    title: 'Funding',
    blocks: [
      {
        p: 'Posting a suggestion does not guarantee funding. Funds are released only under the rules of the whitepaper: a council vote, the community review period and the approval of each milestone. Amounts in ELA may change in value; you carry that risk.',
      },
    ],
  },
  {
    id: 'warranty',
    label: '7',
    title: 'No warranty',
    blocks: [
      {
        p: 'The site is provided as it is, without warranty. Within the limits of the law, the operators are not liable for losses arising from its use, from downtime, or from the decisions of the council and the community.',
      },
    ],
  },
  {
    id: 'changes',
    label: '8',
    title: 'Changes',
    blocks: [
      {
        p: 'These terms may change. The date of the last change is shown above; continuing to use the site after a change means you accept the new terms.',
      },
    ],
  },
];

export const privacyEn: ProseSection[] = [
  {
    id: 'collect',
    label: '1',
    title: 'What we keep',
    blocks: [
      {
        ul: [
          'Account details: username, email, name, country and the profile you choose to fill in.',
          'Your DID once you bind it, and the signatures you give with it.',
          'What you post: suggestions, comments, votes and uploaded images (these are public).',
          'Technical records needed to run the site securely, such as sign-in sessions.',
        ],
      },
    ],
  },
  {
    id: 'browser',
    label: '2',
    title: 'In your browser',
    blocks: [
      {
        ul: [
          'The sign-in token of the current tab (session storage), and of later visits too when you choose “remember me” (local storage).',
          'Your language choice (local storage, key “lang”) and where to return after signing in (session storage).',
          'No advertising or tracking cookies.',
        ],
      },
    ],
  },
  {
    id: 'use',
    label: '3',
    title: 'How it is used',
    blocks: [
      {
        p: 'We use your data only to run the governance portal: to show your contributions, to send the emails you need (confirmation codes, password resets, notices about your suggestions) and to keep the site secure. We do not sell it.',
      },
    ],
  },
  {
    id: 'public',
    label: '4',
    title: 'Public and permanent records',
    blocks: [
      {
        p: 'Governance is public by design. Your username, your posts and your signed actions are visible to everyone, and what is recorded on chain cannot be erased.',
      },
    ],
  },
  {
    id: 'rights',
    label: '5',
    title: 'Your choices',
    blocks: [
      {
        p: 'You can edit your profile at any time and ask the administrators to close your account. Off-chain personal data is then removed, except what must be kept for the governance record.',
      },
    ],
  },
];
