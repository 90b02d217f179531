/** Contacts shown in part (the same rules as the server's, from the contract). */
export { maskEmail, maskMobile, maskedContact } from '../../contract/mask';
