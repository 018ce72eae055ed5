export { createAccountService, type AccountService, type BootstrapInput, type BootstrapResult } from './account-service.js';
export { accountRepository } from './account-repository.js';
export { whoamiRoutes } from './whoami-routes.js';
export { subAccountRoutes } from './sub-account-routes.js';
export type { DailyUsage } from './sub-account-service.js';
export type { Account, AccountType, UtilizationSettings } from './account.js';
export { isSearchableBy, type SearchingAccount } from './search-access.js';
