import { ErrorMessage } from '../../../components/error-message.tsx';

/** A CMS page that could not be loaded, with a retry. */
export function ContentLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorMessage
      title="This page could not be loaded"
      text="Please check your connection and try again."
      onRetry={onRetry}
    />
  );
}
