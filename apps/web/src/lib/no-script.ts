/**
 * How a server-rendered page looks and works with scripts off (decision 0033). The page's head
 * carries NO_SCRIPT_CSS inside `<noscript>` (entry-server.tsx), so none of it applies while
 * scripts run: with them the page is exactly the app's.
 */

/** A part that does nothing without scripts (the date picker's stand-in): hidden then. */
export const JS_ONLY_CLASS = 'kikstart-js-only';

/**
 * MUI draws a field's label and a radio's dot from React state, which no script updates here:
 * labels sit above their fields (with the outline's notch and the placeholder shown), a ticked
 * radio shows its dot by the input's own :checked, and keyboard focus on a radio is outlined.
 */
export const NO_SCRIPT_CSS = [
  `.${JS_ONLY_CLASS}{display:none!important}`,
  '.MuiInputLabel-outlined{transform:translate(14px,-9px) scale(.75)!important;max-width:calc(133% - 32px)!important}',
  '.MuiOutlinedInput-notchedOutline legend{max-width:100%!important}',
  '.MuiInputBase-input::placeholder{opacity:.5!important}',
  '.MuiRadio-root input:checked+span>svg:last-child{transform:scale(1)!important}',
  '.MuiRadio-root:has(input:focus-visible){outline:2px solid currentColor;outline-offset:-4px}',
].join('');
