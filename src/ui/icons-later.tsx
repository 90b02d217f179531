import { make } from './icons';

/** Icons only screens after the first ones draw (settings, security, sign-in, order forms): loaded with them. */
export const ChevronRightIcon = make('M9 6l6 6-6 6');
export const ChevronDownIcon = make('M6 9l6 6 6-6');
export const UserIcon = make('M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0');
export const ShieldIcon = make('M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z');
export const LockIcon = make('M6 11h12v10H6zM8 11V7a4 4 0 018 0v4');
export const PhoneIcon = make('M8 2h8a1 1 0 011 1v18a1 1 0 01-1 1H8a1 1 0 01-1-1V3a1 1 0 011-1zM11 18h2');
export const MailIcon = make('M3 5h18v14H3zM3 6l9 7 9-7');
export const KeyIcon = make('M8 11a4 4 0 100 8 4 4 0 000-8zM10.8 12.2L20 3M16 7l3 3M14 9l2 2');
export const CheckIcon = make('M5 12.5l4.5 4.5L19 7');
export const CopyIcon = make('M9 9h11v11H9zM5 15H4V4h11v1');
export const CameraIcon = make('M4 8h3l2-3h6l2 3h3v11H4zM12 17a3.5 3.5 0 100-7 3.5 3.5 0 000 7z');
export const CurrencyIcon = make('M12 3a9 9 0 100 18 9 9 0 000-18zM15 8.5c-.6-.9-1.7-1.5-3-1.5-1.9 0-3 1-3 2.3 0 3.2 6 1.8 6 5 0 1.4-1.3 2.4-3 2.4-1.4 0-2.6-.6-3.2-1.6M12 5.5V7M12 17v1.5');
