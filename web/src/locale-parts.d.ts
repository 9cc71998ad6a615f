// A language file split by the build (vite.config.ts `localeParts`, lib/sign-in-texts.ts).
declare module '*.json?sign-in' {
  const texts: import('i18next').ResourceLanguage;
  export default texts;
}
declare module '*.json?screens' {
  const texts: import('i18next').ResourceLanguage;
  export default texts;
}
