// The phone rule lives in the contract, shared with the server; re-exported for the web's formatters.
export { PHONE_DIGITS, formatPhoneAsTyped } from '@kikstart/contract/phone';
