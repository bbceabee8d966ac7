// The error page's markup from words already translated: the server's 404 page and the browser's render error alike.

/** The error page's words in the page's language: what the browser needs to show it without a translator. */
export interface ErrorTexts {
  title: string;
  back: string;
}

/** "Unexpected Application Error!" with `detail` (the status or message) in italics and a link back to the listing. */
export function ErrorView({ texts, detail }: { texts: ErrorTexts; detail: string }) {
  return (
    <main className="error-page">
      <h2>{texts.title}</h2>
      <h3 className="error-page__detail">{detail}</h3>
      <a href="/">{texts.back}</a>
    </main>
  );
}
