export { userRepository } from './user-repository.js';
export { USER_ROLES, isAdminRole, type AccountUser, type UserRole } from './user.js';
