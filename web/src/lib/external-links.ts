/**
 * Sites outside this app that the header and footer link to (opened in a new tab). One place, so an operator
 * can point them elsewhere without touching components.
 */
export const EXTERNAL_LINKS = {
  validators: 'https://elastos.info/validators/',
  news: 'https://elastos.info/news/',
  forum: 'https://forum.elastos.info/',
  blog: 'https://blog.elastos.com/',
  docs: 'https://elastos.dev/',
  github: 'https://github.com/CyberRepublic',
} as const;
