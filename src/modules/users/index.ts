export { userRepository } from './user-repository.js';
export { createUserService, type UserService, type UpsertUserInput } from './user-service.js';
export { userRoutes } from './user-routes.js';
export { EMAIL_PATTERN, Int32, UserRoleSchema } from './user-wire.js';
export { USER_ROLES, DEFAULT_USER_ROLE, isAdminRole, type AccountUser, type UserRole } from './user.js';
export { userPolicy, type Caller, type Person } from './user-policy.js';
