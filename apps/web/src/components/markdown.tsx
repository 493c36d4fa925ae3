import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ReactMarkdown from 'react-markdown';
import type { Components } from 'react-markdown';

// Prose sizes: page sections use H3/H4 styles so the page title stays the only large heading.
const components: Components = {
  h1: ({ children }) => (
    <Typography variant="h3" component="h2" sx={{ mt: 4, mb: 1.5 }}>
      {children}
    </Typography>
  ),
  h2: ({ children }) => (
    <Typography variant="h3" component="h2" sx={{ mt: 4, mb: 1.5 }}>
      {children}
    </Typography>
  ),
  h3: ({ children }) => (
    <Typography variant="h4" component="h3" sx={{ mt: 3, mb: 1 }}>
      {children}
    </Typography>
  ),
  p: ({ children }) => <Typography sx={{ mb: 2 }}>{children}</Typography>,
  a: ({ href, children }) => <Link href={href}>{children}</Link>,
  li: ({ children }) => (
    <Typography component="li" sx={{ mb: 1 }}>
      {children}
    </Typography>
  ),
};

/** Renders CMS markdown without raw HTML (react-markdown ignores HTML by default). */
export function Markdown({ children }: { children: string }) {
  return <ReactMarkdown components={components}>{children}</ReactMarkdown>;
}
