// The consent prompt of mode `required`: a small iOS-style card at the bottom, in plain DOM (it must work before and without React).
import type { ConsentTexts } from '../contract/consent-texts.ts';

// The runtime loads the prompt only in consent mode `required`: the texts' reader comes with it.
export { consentTexts } from '../contract/consent-texts.ts';

/** Marks the prompt's root element (tests and a site's CSS find it by this attribute). */
export const PROMPT_ATTRIBUTE = 'data-consent-prompt';

export interface ConsentPrompt {
  /** Shows other texts (the page switched language). */
  update(texts: ConsentTexts): void;
  remove(): void;
}

type Style = Partial<Record<string, string>>;

/**
 * Styles through the CSSOM, which the page's Content-Security-Policy allows (a `style` attribute
 * or a `<style>` element would need a hash). The colours are the page's own custom properties,
 * so the card follows light and dark mode like the rest of the page.
 */
function styled<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, style: Style): HTMLElementTagNameMap[K] {
  const element = doc.createElement(tag);
  for (const [property, value] of Object.entries(style)) if (value !== undefined) element.style.setProperty(property, value);
  return element;
}

const BUTTON: Style = {
  flex: '1 1 0',
  'min-height': '44px',
  margin: '0',
  padding: '11px 8px',
  border: '0',
  background: 'transparent',
  color: 'var(--blue, #007aff)',
  font: 'inherit',
  'font-size': '17px',
  cursor: 'pointer',
};

/**
 * Mounts the prompt at the end of `<body>` (outside React's root, so hydration never sees it):
 * fixed to the bottom, not modal (the page and its install link stay usable behind it), with
 * `decline` and `allow` buttons that call `onAnswer` and remove it. `role="dialog"` with its
 * title and text as label and description.
 */
export function mountConsentPrompt(doc: Document, texts: ConsentTexts, onAnswer: (granted: boolean) => void): ConsentPrompt {
  const root = styled(doc, 'div', {
    position: 'fixed',
    left: '0',
    right: '0',
    bottom: '0',
    'z-index': '2147483000',
    display: 'flex',
    'justify-content': 'center',
    padding: '0 8px calc(8px + env(safe-area-inset-bottom, 0px))',
    'pointer-events': 'none',
  });
  root.setAttribute(PROMPT_ATTRIBUTE, '');
  const card = styled(doc, 'div', {
    width: '100%',
    'max-width': '400px',
    'pointer-events': 'auto',
    'border-radius': '14px',
    overflow: 'hidden',
    background: 'var(--sheet, #f2f2f7)',
    color: 'var(--text, #000)',
    'box-shadow': '0 8px 32px rgba(0, 0, 0, 0.18)',
    'text-align': 'center',
    // No font family: the prompt, in the body, draws with the page's stack for its language (page/view/styles/).
    'font-weight': '400',
    'font-size': '13px',
    'line-height': '1.38',
  });
  card.setAttribute('role', 'dialog');
  card.setAttribute('aria-labelledby', 'consent-prompt-title');
  card.setAttribute('aria-describedby', 'consent-prompt-body');
  const title = styled(doc, 'p', {
    margin: '0',
    padding: '19px 16px 2px',
    'font-size': '17px',
    'font-weight': '600',
    'line-height': '1.3',
  });
  title.id = 'consent-prompt-title';
  const body = styled(doc, 'p', { margin: '0', padding: '2px 16px 18px' });
  body.id = 'consent-prompt-body';
  const buttons = styled(doc, 'div', {
    display: 'flex',
    'border-top': 'var(--hairline, 0.5px) solid var(--separator, rgba(60, 60, 67, 0.29))',
  });
  const decline = styled(doc, 'button', {
    ...BUTTON,
    'border-right': 'var(--hairline, 0.5px) solid var(--separator, rgba(60, 60, 67, 0.29))',
  });
  const allow = styled(doc, 'button', { ...BUTTON, 'font-weight': '600' });
  decline.type = allow.type = 'button';
  decline.setAttribute('data-consent', 'decline');
  allow.setAttribute('data-consent', 'allow');

  const update = (next: ConsentTexts) => {
    title.textContent = next.title;
    body.textContent = next.body;
    decline.textContent = next.decline;
    allow.textContent = next.allow;
  };
  const remove = () => root.remove();
  const answer = (granted: boolean) => () => {
    remove();
    onAnswer(granted);
  };
  decline.addEventListener('click', answer(false));
  allow.addEventListener('click', answer(true));

  update(texts);
  buttons.append(decline, allow);
  card.append(title, body, buttons);
  root.append(card);
  (doc.body ?? doc.documentElement).append(root);
  return { update, remove };
}
