import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { reportError } from '../lib/monitoring.ts';
import { ErrorMessage } from './error-message.tsx';

interface Props {
  children: ReactNode;
  /** Changing this (e.g. the path) clears a caught error. */
  resetKey?: string;
}
interface State {
  error: Error | null;
  resetKey?: string;
}

/** Catches render errors below it and offers a retry instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
    reportError(error);
  }

  retry = () => this.setState({ error: null });

  override render() {
    if (this.state.error) return <ErrorMessage onRetry={this.retry} />;
    return this.props.children;
  }
}
