// The Content-Security-Policy tests' reader of a policy: directive name -> its values.

/** A policy as directive name -> its values, in order. */
export const directives = (policy: string) =>
  Object.fromEntries<string[]>(
    policy.split('; ').map((directive) => {
      const [name, ...values] = directive.split(' ');
      return [name!, values];
    }),
  );
