// Catches a render error in the browser and shows the error page in place of the app.
import { Component, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage.tsx';
import type { Locale, Messages } from './props.ts';

interface Props {
  locale: Locale;
  messages: Messages;
  children: ReactNode;
}

/** Shows "Unexpected Application Error!" with the error's message when anything below it throws while rendering. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <ErrorPage locale={this.props.locale} messages={this.props.messages} message={error.message} />;
  }
}
