// Self-hosted fonts (no CDN: the CSP allows fonts from 'self' only). Latin subset only:
// headings in Poppins, body in Open Sans.
import '@fontsource/poppins/latin-600.css';
import '@fontsource/poppins/latin-700.css';
import '@fontsource/open-sans/latin-400.css';
import '@fontsource/open-sans/latin-600.css';
import '@fontsource/open-sans/latin-700.css';
