// The consent prompt in plain DOM: texts from the locale with English for missing keys, styled through the
// CSSOM only, buttons that answer and close it.
import { describe, expect, it, vi } from 'vitest';
import { consentTexts, ENGLISH_CONSENT_TEXTS } from '../../../page/contract/consent-texts.ts';
import { mountConsentPrompt, PROMPT_ATTRIBUTE } from '../../../page/runtime/consent-prompt.ts';

/** An element as the prompt builds it; `setAttribute('style')` would break the page's CSP, so it fails the test. */
class FakeElement {
  readonly attributes = new Map<string, string>();
  readonly styles = new Map<string, string>();
  readonly children: FakeElement[] = [];
  readonly listeners = new Map<string, () => void>();
  parent: FakeElement | null = null;
  textContent = '';
  id = '';
  type = '';
  readonly style = { setProperty: (name: string, value: string) => void this.styles.set(name, value) };
  constructor(readonly tagName: string) {}
  setAttribute(name: string, value: string) {
    expect(name).not.toBe('style');
    this.attributes.set(name, value);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  append(...children: FakeElement[]) {
    for (const child of children) {
      child.parent = this;
      this.children.push(child);
    }
  }
  remove() {
    this.parent?.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = null;
  }
  all(): FakeElement[] {
    return this.children.flatMap((child) => [child, ...child.all()]);
  }
}

function fakeDocument() {
  const body = new FakeElement('body');
  return { body, documentElement: body, createElement: (tag: string) => new FakeElement(tag) };
}

describe('consentTexts', () => {
  it.each([
    ['no messages', undefined, ENGLISH_CONSENT_TEXTS],
    ['no consent group', { header: { get: 'Laden' } }, ENGLISH_CONSENT_TEXTS],
    ['every key', { consent: { title: 'T', body: 'B', allow: 'A', decline: 'D' } }, { title: 'T', body: 'B', allow: 'A', decline: 'D' }],
    ['some keys, others empty or not strings', { consent: { title: 'T', body: '', allow: 1 } }, { ...ENGLISH_CONSENT_TEXTS, title: 'T' }],
  ])('%s', (_name, messages, texts) => {
    expect(consentTexts(messages)).toEqual(texts);
  });
});

describe('mountConsentPrompt', () => {
  it("mounts a labelled, non-modal card at the end of body, styled through the CSSOM with the page's colours", () => {
    const doc = fakeDocument();
    mountConsentPrompt(doc as never, ENGLISH_CONSENT_TEXTS, () => {});
    const root = doc.body.children[0]!;
    expect(root.attributes.has(PROMPT_ATTRIBUTE)).toBe(true);
    expect(root.styles.get('position')).toBe('fixed');
    expect(root.styles.get('pointer-events')).toBe('none');
    const card = root.children[0]!;
    expect(card.attributes.get('role')).toBe('dialog');
    const title = doc.body.all().find((element) => element.id === card.attributes.get('aria-labelledby'))!;
    const body = doc.body.all().find((element) => element.id === card.attributes.get('aria-describedby'))!;
    expect([title.textContent, body.textContent]).toEqual([ENGLISH_CONSENT_TEXTS.title, ENGLISH_CONSENT_TEXTS.body]);
    expect(card.styles.get('background')).toContain('var(--sheet');
    expect(card.styles.get('pointer-events')).toBe('auto');
    const buttons = doc.body.all().filter((element) => element.tagName === 'button');
    expect(buttons.map((button) => [button.type, button.textContent])).toEqual([
      ['button', ENGLISH_CONSENT_TEXTS.decline],
      ['button', ENGLISH_CONSENT_TEXTS.allow],
    ]);
  });

  it.each([
    ['allow', true],
    ['decline', false],
  ])('%s answers %s and closes the prompt', (button, granted) => {
    const doc = fakeDocument();
    const onAnswer = vi.fn();
    mountConsentPrompt(doc as never, ENGLISH_CONSENT_TEXTS, onAnswer);
    doc.body
      .all()
      .find((element) => element.attributes.get('data-consent') === button)!
      .listeners.get('click')!();
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith(granted);
    expect(doc.body.children).toEqual([]);
  });

  it('shows other texts when the page switches language, and can be removed from outside', () => {
    const doc = fakeDocument();
    const prompt = mountConsentPrompt(doc as never, ENGLISH_CONSENT_TEXTS, () => {});
    prompt.update({ title: 'Tracking erlauben?', body: 'Text', allow: 'Erlauben', decline: 'Nicht erlauben' });
    expect(
      doc.body
        .all()
        .map((element) => element.textContent)
        .filter(Boolean),
    ).toEqual(['Tracking erlauben?', 'Text', 'Nicht erlauben', 'Erlauben']);
    prompt.remove();
    expect(doc.body.children).toEqual([]);
  });
});
