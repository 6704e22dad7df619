// Translates the loading screen as soon as its markup exists (this script follows it in
// the page), before the first paint; an external file, since the Content-Security-Policy
// refuses inline scripts. Then the runtime's downloads may start (static/boot.js).
window.solitaireBoot.translatePage();
window.solitaireBoot.shown();
