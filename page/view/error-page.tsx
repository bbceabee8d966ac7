// The error page (404.html and any render error), plain like React Router's default error element but in the page's font.
import type { ErrorProps } from '../contract/props.ts';
import { ErrorView, type ErrorTexts } from './error-view.tsx';
import { I18nProvider, useT, type Translate } from './i18n.tsx';

/** "Unexpected Application Error!" with the status or message in italics and a link back to the listing. */
export function ErrorPage(props: ErrorProps) {
  return (
    <I18nProvider locale={props.locale} messages={props.messages}>
      <ErrorMessage status={props.status} message={props.message} />
    </I18nProvider>
  );
}

function ErrorMessage({ status, message }: Pick<ErrorProps, 'status' | 'message'>) {
  const t = useT();
  return <ErrorView texts={errorTexts(t)} detail={errorDetail(status, message, t)} />;
}

/** The error page's words, looked up in the page's language. */
export function errorTexts(t: Translate): ErrorTexts {
  return { title: t('error.title'), back: t('error.back') };
}

/** What the italic line says: "404 Not Found" for a missing page, else the message, else the bare status. */
export function errorDetail(status: number | undefined, message: string | undefined, t: (key: string) => string): string {
  if (status === 404) return t('error.notFound');
  return message ?? (status !== undefined ? String(status) : '');
}
