// The database schema, one module per table group; drizzle-kit reads this file.
export * from './schema/users.schema';
export * from './schema/auth-tokens.schema';
export * from './schema/site-settings.schema';
export * from './schema/uploads.schema';
export * from './schema/wallet-requests.schema';
export * from './schema/chain.schema';
export * from './schema/account.schema';
export * from './schema/suggestion.schema';
export * from './schema/proposal.schema';
export * from './schema/council.schema';
