// The loading screen: plain JavaScript so that it works before Python runs.
// It shows the boot steps as they happen and turns any failure into a readable
// message with a retry button, never an endless spinner.
(function () {
  "use strict";
  var STEPS = ["runtime", "python", "game"];
  // Python's start, once every file is here; the downloads have a watch of their own
  // (STALL_MS), since on a slow network they alone take longer than this.
  var TIMEOUT_MS = 120000;
  var options = window.solitaireBootOptions || {};  // a test's shorter waits
  var STALL_MS = options.stallMs || 30000;
  var SLOW_MS = options.slowMs || 4000;
  var finished = false;
  var timer = null;

  function $(selector) { return document.querySelector(selector); }

  // A new version of the game that waits (sw-template.js) is started by this load when
  // this is the game's only tab: a reload, or a visit after the other tabs were closed.
  // Python waits for the answer (tools/pyodide-game.mjs awaits updateChecked), so a page
  // never starts on one version's files and goes on with the other's. With another tab
  // open, the worker says "update-deferred" and this page starts the version that tab
  // runs. Resolves false when the page goes on with its version; on a switch, the page
  // loads again under the new version instead. A worker that has not answered within
  // UPDATE_CHECK_MS lets Python start (should it take over later, the page loads again:
  // the game is saved after every action).
  var UPDATE_CHECK_MS = 5000;
  var updateChecked = (function () {
    var container = navigator.serviceWorker;
    if (!container || !container.controller) return Promise.resolve(false);
    return new Promise(function (resolve) {
      var timer = setTimeout(function () { resolve(false); }, UPDATE_CHECK_MS);
      function goOn() { clearTimeout(timer); resolve(false); }
      container.getRegistration().then(function (registration) {
        var waiting = registration && registration.waiting;
        if (!waiting) { goOn(); return; }
        container.addEventListener("controllerchange", function () { location.reload(); });
        container.addEventListener("message", function (event) {
          if (event.data === "update-deferred") goOn();
        });
        container.startMessages();
        waiting.postMessage("activate-if-alone");
      }, goOn);
    });
  })();

  // The player's card back and table colour from the saved settings, so that the loading
  // screen already shows the table they chose (the game checks the values when it starts).
  try {
    var saved = JSON.parse(localStorage.getItem("solitaire.v1.settings") || "null");
    var settings = saved && saved.settings;
    if (settings && typeof settings.table === "string") document.documentElement.dataset.table = settings.table;
    if (settings && typeof settings.card_back === "string") document.documentElement.dataset.back = settings.card_back;
  } catch (error) {
    // Unreadable or blocked storage: the defaults, and the game says why when it starts.
  }

  // The player's language, chosen as ui/i18n.py chooses it: the remembered choice, else
  // the first of the browser's preferred languages that the game speaks, else English.
  // The page's own words come from static/words.js, made from the translation catalogs.
  var LANGUAGES = ["en", "th", "km"];
  var LANGUAGE_KEY = "solitaire.language";
  function chooseLanguage() {
    var stored = null;
    try { stored = localStorage.getItem(LANGUAGE_KEY); } catch (error) { stored = null; }
    if (LANGUAGES.indexOf(stored) >= 0) return stored;
    var preferred = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""];
    for (var i = 0; i < preferred.length; i++) {
      var primary = String(preferred[i]).trim().replace("_", "-").split("-")[0].toLowerCase();
      if (LANGUAGES.indexOf(primary) >= 0) return primary;
    }
    return "en";
  }
  var language = chooseLanguage();
  document.documentElement.lang = language;

  // The loading screen's words in Thai or Khmer are drawn in their font, which many
  // phones lack: it is asked for now (fonts.css is read before this script runs), before
  // any other download, and the screen's words wait for it, FONT_WAIT_MS at most (as long
  // as a browser waits for a font of its own accord), so that its first frame with words
  // is one that can be read, never boxes nor a font that changes under the reader's eyes.
  var FONT_WAIT_MS = options.fontWaitMs || 3000;
  var FAMILIES = { th: "Noto Sans Thai", km: "Noto Sans Khmer" };
  var fontsReady = Promise.resolve();
  var family = FAMILIES[language];
  if (family && document.fonts && document.fonts.load) {
    var sample = ((window.solitaireWords || {})[language] || {}).Solitaire || "";
    var loaded = Promise.all([
      document.fonts.load("400 1em '" + family + "'", sample),
      document.fonts.load("700 1em '" + family + "'", sample)
    ]);
    fontsReady = Promise.race([loaded, new Promise(function (resolve) { setTimeout(resolve, FONT_WAIT_MS); })])
      .then(null, function () { /* no font: the browser's own */ });
  }
  // Nor is the screen ever drawn in English for a player who reads Thai or Khmer: its words
  // are translated the moment its markup is complete (a mutation observer's answer comes
  // before the browser may draw), whenever static/translate.js, which follows it, arrives.
  var markTranslated;
  var screenTranslated = new Promise(function (resolve) { markTranslated = resolve; });
  if (language !== "en") {
    var root = document.documentElement;
    root.classList.add("boot-wait");
    var screenWatcher = new MutationObserver(function () {
      var screen = document.getElementById("boot");
      if (!screen || !screen.nextSibling) return;  // its markup may still be arriving
      screenWatcher.disconnect();
      translatePage();
      markTranslated();
    });
    screenWatcher.observe(root, { childList: true, subtree: true });
    Promise.all([screenTranslated, fontsReady]).then(function () { root.classList.remove("boot-wait"); });
  }

  function _(message, context) {
    var words = (window.solitaireWords || {})[language] || {};
    return words[context ? context + "\u0004" + message : message] || message;
  }

  // Elements marked data-i18n show their English text in the HTML (data-i18n's value, if
  // any, is the message's context); data-i18n-attrs names attributes to translate. The
  // English is remembered, so the page can change language again.
  var sources = new WeakMap();
  function squeeze(text) { return String(text || "").replace(/\s+/g, " ").trim(); }
  function translatePage() {
    document.querySelectorAll("[data-i18n], [data-i18n-attrs]").forEach(function (el) {
      var source = sources.get(el);
      if (!source) {
        source = { text: el.hasAttribute("data-i18n") ? squeeze(el.textContent) : null, attrs: {} };
        squeeze(el.getAttribute("data-i18n-attrs")).split(" ").forEach(function (name) {
          if (name) source.attrs[name] = squeeze(el.getAttribute(name));
        });
        sources.set(el, source);
      }
      if (source.text !== null) el.textContent = _(source.text, el.getAttribute("data-i18n"));
      Object.keys(source.attrs).forEach(function (name) { el.setAttribute(name, _(source.attrs[name])); });
    });
    watchWords();
    keepWordsWhole(document.body);
    var manifest = document.querySelector('link[rel="manifest"]');
    if (manifest) {
      manifest.setAttribute("href", language === "en"
        ? "./static/manifest.webmanifest" : "./static/manifest." + language + ".webmanifest");
    }
  }
  // Thai and Khmer lines break where the browser's dictionary finds words, and it does
  // not know some of the game's (its loanwords above all): "สไปเดอร์" would be cut as
  // "สไปเด|อร์". Each word listed in locale/GLOSSARY.md (compiled into static/words.js)
  // is kept whole in a no-wrap span, whoever wrote the text (this script or Python):
  // an observer wraps the words of every text that arrives. The table is left alone.
  var NOT_WRAPPED = "script, style, svg, code, kbd, option, select, textarea, title, .word, #board";
  var wholeFor = null;
  var wholePattern = null;
  function wholeWords() {
    if (wholeFor !== language) {
      var words = ((window.solitaireWholeWords || {})[language] || []).slice();
      words.sort(function (a, b) { return b.length - a.length; });  // the longest first
      wholeFor = language;
      var escaped = words.map(function (word) { return word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); });
      wholePattern = escaped.length ? new RegExp(escaped.join("|"), "g") : null;
    }
    return wholePattern;
  }
  // A number stays on one line with the word after it ("13 ใบ", "52 សន្លឹក"): the
  // number, its spaces and that word (as the browser's segmenter finds it) go together.
  var NUMBER = /[0-9](?:[0-9.,]*[0-9])?[ \u00a0]+(?=[A-Za-z\u0E00-\u0E7F\u1780-\u17FF])/g;
  var segmenterFor = null;
  var segmenter = null;
  function wordEnd(text, at) {
    if (segmenterFor !== language) {
      segmenterFor = language;
      segmenter = window.Intl && Intl.Segmenter ? new Intl.Segmenter(language, { granularity: "word" }) : null;
    }
    var part = segmenter ? segmenter.segment(text).containing(at) : null;
    return part ? part.index + part.segment.length : at;
  }
  function kept(text, pattern) {
    // The stretches of ``text`` kept whole, in order, overlapping ones joined.
    var found = [];
    var match;
    pattern.lastIndex = 0;
    while ((match = pattern.exec(text))) found.push([match.index, match.index + match[0].length]);
    NUMBER.lastIndex = 0;
    while ((match = NUMBER.exec(text))) {
      var after = match.index + match[0].length;
      found.push([match.index, Math.max(after, wordEnd(text, after))]);
    }
    found.sort(function (a, b) { return a[0] - b[0]; });
    var joined = [];
    found.forEach(function (stretch) {
      var last = joined[joined.length - 1];
      if (last && stretch[0] < last[1]) last[1] = Math.max(last[1], stretch[1]);
      else joined.push(stretch);
    });
    return joined;
  }
  function keepWordsWhole(root) {
    var pattern = wholeWords();
    if (!pattern || !root || (root.closest && root.closest(NOT_WRAPPED))) return;
    var found = [];
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement || node.parentElement.closest(NOT_WRAPPED)) continue;
      pattern.lastIndex = 0;
      NUMBER.lastIndex = 0;
      if (pattern.test(node.data) || NUMBER.test(node.data)) found.push(node);
    }
    found.forEach(function (text) {
      var parts = [];
      var at = 0;
      kept(text.data, pattern).forEach(function (stretch) {
        if (stretch[0] > at) parts.push(document.createTextNode(text.data.slice(at, stretch[0])));
        var word = document.createElement("span");
        word.className = "word";
        word.textContent = text.data.slice(stretch[0], stretch[1]);
        parts.push(word);
        at = stretch[1];
      });
      if (at < text.data.length) parts.push(document.createTextNode(text.data.slice(at)));
      text.replaceWith.apply(text, parts);
    });
  }
  var wordWatcher = null;
  function watchWords() {
    if (wordWatcher || !document.body) return;
    wordWatcher = new MutationObserver(function (records) {
      if (!wholeWords()) return;
      var changed = new Set();
      records.forEach(function (record) {
        changed.add(record.target.nodeType === Node.ELEMENT_NODE ? record.target : record.target.parentElement);
      });
      changed.forEach(keepWordsWhole);
    });
    wordWatcher.observe(document.body, { childList: true, characterData: true, subtree: true });
  }

  function setLanguage(code) {
    if (LANGUAGES.indexOf(code) < 0) return false;
    language = code;
    document.documentElement.lang = code;
    translatePage();
    document.querySelectorAll('input[name="language"]').forEach(function (input) {
      input.checked = input.value === code;
    });
    return true;
  }

  // The language control in Settings: remembered for the next visit, the page's HTML
  // redrawn at once, and the Python side told ("solitaire:language") to redraw its own.
  // The Python side speaks it once it has its catalog (ui/dom/catalogs.py: languageSpoken);
  // if that cannot be had, it puts the language it speaks back (restoreLanguage) and says why.
  // choiceBefore is the page's language and stored choice before the first choice not spoken yet.
  var choiceBefore = null;
  function chooseFromSettings(event) {
    var input = event.target;
    if (!input || input.name !== "language" || !input.checked || input.value === language) return;
    try {
      if (!choiceBefore) choiceBefore = { language: language, stored: localStorage.getItem(LANGUAGE_KEY) };
      localStorage.setItem(LANGUAGE_KEY, input.value);
    } catch (error) { /* kept for this visit only */ }
    setLanguage(input.value);
    dispatchEvent(new CustomEvent("solitaire:language", { detail: input.value }));
  }

  // The game speaks the language chosen: nothing is pending.
  function languageSpoken() { choiceBefore = null; }

  // The language chosen could not be spoken: the one the game speaks is back, on the page and,
  // as it was, in storage (remembered, or not: then the browser's languages choose next time).
  function restoreLanguage(code) {
    var before = choiceBefore && choiceBefore.language === code ? choiceBefore.stored : code;
    choiceBefore = null;
    try {
      if (before === null) localStorage.removeItem(LANGUAGE_KEY);
      else localStorage.setItem(LANGUAGE_KEY, before);
    } catch (error) { /* as it was, or not stored at all */ }
    setLanguage(code);
  }

  // The runtime's files, its standard library and the game's archive (each compressed, gzip or
  // brotli: tools/packing.py), downloaded from the first moment, side by side, and handed over once to
  // tools/pyodide-game.mjs, which decompresses them. Downloading them here, not with
  // <link rel="preload">, lets the screen show how much has arrived, tell a stalled or
  // failed download from a slow one, and ask for each file exactly once in every engine
  // (WebKit did not match its preloads with the runtime's requests and fetched them again).
  var DOWNLOADS = [
    "./static/vendor/pyodide/pyodide.asm.mjs.gz",
    "./static/vendor/pyodide/pyodide.asm.wasm.gz",
    "./static/vendor/pyodide/pyodide-lock.json.gz",
    "./static/vendor/pyodide/python_stdlib_game.zip.gz",
    "./game.zip.gz"
  ];
  // PyScript's configuration and the game's entry point (index.html's <script type="py">),
  // which PyScript asks for one after the other as it reaches them, the entry point only once
  // Python has started: a round trip more on a phone's network on every visit. Asked for
  // first with the files above (the configuration alone if PyScript asks for it before the
  // screen's first frame), and handed over to PyScript's own fetch (window.fetch, below).
  var PYSCRIPT_FILES = ["./pyscript.toml", "./ui/main.py"];
  // The game's words in Thai or Khmer (English is the code's own): the catalog of the language
  // the page starts in comes with the rest; another one, chosen in Settings, when it is chosen.
  function catalogPath(code) { return "./locale/" + code + "/LC_MESSAGES/game.mo.gz"; }
  var CATALOG = /\/locale\/[^/]+\/LC_MESSAGES\/game\.mo\.(gz|br)$/;
  // The browser's own fetch: tools/pyodide-game.mjs later puts its own in its place, which
  // asks download() first (a download of ours through it would ask itself for ever).
  var browserFetch = window.fetch.bind(window);
  var downloads = {};
  // started and answered: downloads asked for, and those whose answer (or failure) has come.
  var bytes = { received: 0, expected: 0, sized: 0, pending: 0, started: 0, answered: 0 };

  // The big files come as NAME.br (brotli, 1.4 MB less) where this browser's
  // DecompressionStream decodes brotli (Safari 18.4+; not Firefox ESR 140), else as NAME.gz: chosen
  // here, before the first download, and the same way by the service worker (sw-template.js)
  // and tools/pyodide-game.mjs (through window.solitaireBoot.format). A .br download or
  // decoding that fails falls back to the .gz (pyodide-game.mjs), marked "solitaire-gzip-fallback".
  function compressedFormat() {
    try {
      new DecompressionStream("brotli");
      return "br";
    } catch (error) {
      return "gz";
    }
  }
  var FORMAT = compressedFormat();
  function inFormat(path) { return path.replace(/\.gz$/, "." + FORMAT); }

  // No byte twice: on a visit that no service worker serves yet (a first visit), each of
  // these downloads is kept as it arrives in Cache Storage, under its URL, in the cache
  // sw-template.js calls PAGE_COPIES ("solitaire:" + the page's folder + ":page"); the
  // worker, registered once the table is playable (registerServiceWorker), takes every
  // copy whose bytes are its version's (it knows each file's SHA-256) and downloads only
  // the rest. WebKit's HTTP cache does not hand these files to the worker: it downloaded
  // them all a second time.
  var COPIES = "solitaire:" + new URL("./", location.href).pathname + ":page";
  var COPY_WAIT_MS = 10000;  // a storage that never answers does not hold the worker back
  var copying = [];
  // Once the worker is registered the copies are handed over: one kept later (a catalog chosen
  // in Settings just then) might land after its install deleted them, and stay for nothing.
  var copiesHandedOver = false;
  function keepCopy(url, response) {
    var container = navigator.serviceWorker;
    if (!response.ok || !window.caches || !container || container.controller || copiesHandedOver ||
        !/^https?:$/.test(location.protocol)) return;
    var copy = response.clone();  // read as the game reads the original, chunk by chunk
    copying.push(caches.open(COPIES).then(function (cache) { return cache.put(url, copy); })
      .then(null, function () { /* no room, or no storage: the worker downloads the file */ }));
  }
  // Settled once the offline copy is: this visit is served by the service worker already,
  // or the worker saved the game (it then serves this page too) or said why it could not,
  // or there is no worker (none in this browser, or refused); OFFLINE_SETTLE_MS at most.
  // tools/pyodide-game.mjs makes a first visit's interpreter snapshot only then: its
  // worker's files come from the offline copy instead of the network a second time, and
  // the pre-cache has the connection to itself.
  var OFFLINE_SETTLE_MS = 60000;
  var settleOffline;
  var offlineSettled = new Promise(function (resolve) { settleOffline = resolve; });
  if (!navigator.serviceWorker || navigator.serviceWorker.controller) settleOffline();
  else navigator.serviceWorker.addEventListener("controllerchange", function () { settleOffline(); });

  function copiesKept() {
    var bound = new Promise(function (resolve) { setTimeout(resolve, COPY_WAIT_MS); });
    return Promise.race([Promise.all(copying), bound]);
  }
  var stallTimer = null;
  var startedAt = Date.now();

  function showAmount() {
    if (finished) return;  // the table, or an error, is on the screen instead
    var amount = $(".boot-amount");
    // Counted over the files whose size is known (a host that compresses them on the fly
    // sends none), once every download has answered: a total that grew as the answers came
    // would move the bar back. Not before the screen's downloads start: PyScript's
    // configuration alone is not the amount.
    if (downloading && bytes.answered === bytes.started && bytes.sized > 0 && bytes.expected > 0) {
      var fill = $(".boot-bar-fill");
      if (fill) fill.style.width = (5 + 70 * Math.min(1, bytes.received / bytes.expected)).toFixed(1) + "%";
      if (amount) {
        amount.textContent = _("{received} of {expected} MB")
          .replace("{received}", (bytes.received / 1e6).toFixed(1))
          .replace("{expected}", (bytes.expected / 1e6).toFixed(1));
        amount.hidden = false;
      }
    }
    // A first visit (no service worker holds the game yet) that takes a while says why.
    var note = $(".boot-note");
    if (note && note.hidden && bytes.pending > 0 && Date.now() - startedAt > SLOW_MS &&
        !(navigator.serviceWorker && navigator.serviceWorker.controller)) note.hidden = false;
  }

  function watchStall() {
    if (stallTimer) clearTimeout(stallTimer);
    stallTimer = null;
    if (bytes.pending > 0 && !finished) {
      stallTimer = setTimeout(function () {
        fail(_("The download stopped: nothing arrived for {seconds} seconds. Check your connection and try again.")
          .replace("{seconds}", String(Math.round(STALL_MS / 1000))), "network");
      }, STALL_MS);
    }
  }

  function settled() {
    bytes.pending -= 1;
    watchStall();
    showAmount();
    // Before the screen's downloads started, PyScript's configuration alone (window.fetch) is not all.
    if (!downloading) return;
    if (bytes.pending === 0 && !finished && !timer) startTimeout();
    // Every file is here: the screen says what comes next at once, and keeps moving while
    // the game starts (the runtime's start holds the page's thread for seconds at a time:
    // the bar's sweep is an animation of transform, which the compositor runs on its own).
    if (bytes.pending === 0 && !finished) {
      step("python");
      var boot = $("#boot");
      if (boot) boot.classList.add("starting");
    }
  }

  function downloadFailed(url, reason) {
    var file = url.split("/").pop();
    fail(_("Could not download {file}. Check your connection and try again.").replace("{file}", file) +
      (reason ? "\n" + reason : ""), "network");
  }

  // The response, its body read as fast as it arrives (counted on the way), whoever reads it and whenever.
  // A .br download that fails is not the visit's end: its reader falls back to the .gz.
  function counted(url, response, brotli) {
    if (!response.ok) {
      downloadFailed(url, response.status + " " + response.statusText);
      settled();
      return response;
    }
    var length = Number(response.headers.get("Content-Length"));
    var sized = length > 0 && !response.headers.get("Content-Encoding");
    if (sized) {
      bytes.expected += length;
      bytes.sized += 1;
    }
    showAmount();
    var reader = response.body.getReader();
    var stopped = false;  // its reader gave up on it (a decoder that failed): settled already
    var body = new ReadableStream({
      start: function (controller) {
        function next() {
          return reader.read().then(function (chunk) {
            if (stopped) return undefined;
            if (chunk.done) { controller.close(); settled(); return undefined; }
            if (sized) bytes.received += chunk.value.byteLength;
            controller.enqueue(chunk.value);
            watchStall();
            showAmount();
            return next();
          }, function (error) {
            if (stopped) return;
            controller.error(error);
            if (!brotli) downloadFailed(url, describe(error));
            settled();
          });
        }
        next();
      },
      cancel: function (reason) {
        stopped = true;
        settled();
        return reader.cancel(reason).then(null, function () {});
      }
    }, { highWaterMark: Infinity });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  var downloading = false;
  // A start that failed downloads nothing more (finished is true after a start that worked too,
  // which still downloads a language chosen in Settings).
  var failed = false;
  function startDownloads() {
    if (downloading || failed) return;
    downloading = true;
    // The small files first: PyScript waits for its configuration before anything else, and a
    // host that answers a few requests at a time would have them wait behind megabytes.
    PYSCRIPT_FILES.concat(language === "en" ? [] : [catalogPath(language)], DOWNLOADS).forEach(startDownload);
    watchStall();
  }

  // Said before any download, PyScript's configuration's too: what PyScript does next in
  // such a browser could fail with words that tell the player nothing.
  function tooOld() {
    if (typeof DecompressionStream !== "undefined" && typeof ReadableStream !== "undefined") return false;
    fail(_("This browser is too old for the game. Update it, or open the game in another browser."));
    return true;
  }

  var requested = {};  // each URL is downloaded once, whoever asked first
  function startDownload(path) {
    if (tooOld()) return;
    var url = new URL(inFormat(path), location.href).href;
    if (requested[url]) return;
    requested[url] = true;
    var brotli = /\.br$/.test(url);
    bytes.pending += 1;
    bytes.started += 1;
    downloads[url] = browserFetch(url).then(function (response) {
      bytes.answered += 1;
      // A .br the host does not have: tools/pyodide-game.mjs fetches the .gz instead.
      if (brotli && !response.ok) { settled(); return response; }
      keepCopy(url, response);
      return counted(url, response, brotli);
    }, function (error) {
      bytes.answered += 1;
      if (!brotli) downloadFailed(url, describe(error));
      settled();
      return Response.error();
    });
  }

  // A download started for this URL, taken once (a later fetch of the file is a fetch).
  function take(key) {
    var started = downloads[key];
    delete downloads[key];
    return started;
  }

  // tools/pyodide-game.mjs asks here first for every file it fetches.
  function download(url) {
    // The start is over: tools/pyodide-game.mjs, which would fetch the file itself, waits for
    // good, quietly (a refusal would only add its own error to the one on the screen).
    if (failed) return new Promise(function () {});
    startDownloads();  // asked for before the screen was drawn (a fast network): they start now
    var key = new URL(url, location.href).href;
    var started = take(key);
    // Another language's catalog, chosen in Settings: kept, as the rest, for the offline copy.
    if (!started && CATALOG.test(new URL(key).pathname)) {
      started = browserFetch(key).then(function (response) { keepCopy(key, response); return response; });
    }
    return started;
  }

  // PyScript fetches its configuration before it imports tools/pyodide-game.mjs, whose own
  // fetch answers every later request with download() first: this one answers PyScript's
  // requests for PYSCRIPT_FILES until then. Asked for before the screen's first frame, that
  // file alone starts: the runtime's downloads wait for the frame (shown). Any other request
  // is the browser's.
  var PYSCRIPT_URLS = PYSCRIPT_FILES.map(function (path) { return new URL(path, location.href).href; });
  window.fetch = function (input, init) {
    var url = typeof input === "string" || input instanceof URL ? new URL(input, location.href).href : null;
    var get = !init || !init.method || /^get$/i.test(init.method);
    var index = url && get ? PYSCRIPT_URLS.indexOf(url) : -1;
    if (index < 0) return browserFetch(input, init);
    startDownload(PYSCRIPT_FILES[index]);
    return take(url) || browserFetch(input, init);
  };

  function startTimeout() {
    timer = setTimeout(function () {
      fail(_("The game took more than {seconds} seconds to start. Check your connection and try again.")
        .replace("{seconds}", String(TIMEOUT_MS / 1000)), "network");
    }, TIMEOUT_MS);
  }

  function step(name) {
    if (finished) return;
    var index = STEPS.indexOf(name);
    if (index < 0) return;
    STEPS.forEach(function (other, i) {
      var item = $('.boot-steps [data-step="' + other + '"]');
      if (!item) return;
      item.classList.toggle("done", i < index);
      item.classList.toggle("active", i === index);
    });
    var fill = $(".boot-bar-fill");
    if (fill && name === "game") fill.style.width = "92%";
  }

  // kind "network": the connection failed, not the game (a start from the interpreter
  // snapshot that meets it keeps the snapshot: tools/pyodide-game.mjs reads data-failure).
  function fail(message, kind) {
    if (finished) return;
    failed = true;
    // This script runs in the page's head: a download refused at once can fail before
    // the body exists, so the error waits for it.
    if (!document.body) {
      document.addEventListener("DOMContentLoaded", function () { fail(message, kind); });
      return;
    }
    finished = true;
    document.documentElement.classList.remove("boot-wait");
    if (timer) clearTimeout(timer);
    if (stallTimer) clearTimeout(stallTimer);
    if (kind) document.body.dataset.failure = kind;
    document.body.dataset.ready = "error";
    var box = $(".boot-error");
    var text = $(".boot-error-text");
    if (!box || !text) { document.body.textContent = _("The game could not start:") + " " + message; return; }
    text.textContent = String(message || _("Unknown error"));
    box.hidden = false;
    var bar = $(".boot-bar");
    if (bar) bar.hidden = true;
    var boot = $("#boot");
    if (boot) { boot.hidden = false; boot.classList.add("failed"); }
  }

  function done() {
    if (finished) return;
    finished = true;
    // The moment the table became playable, for the benchmarks in every engine (bench/network.py).
    if (window.performance && performance.mark) performance.mark("solitaire-playable");
    if (timer) clearTimeout(timer);
    if (stallTimer) clearTimeout(stallTimer);
    var boot = $("#boot");
    if (boot) boot.hidden = true;
    var app = $("#app");
    if (app) app.hidden = false;
    registerServiceWorker();
  }

  // Registered once the table is playable, so that pre-caching the game for offline
  // play never competes with the first boot for bandwidth, and once the page's copies of
  // its downloads are kept (keepCopy), so that its install finds them.
  function registerServiceWorker() {
    if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) {
      settleOffline();
      return;
    }
    setTimeout(settleOffline, OFFLINE_SETTLE_MS);
    function dropCopies() {
      settleOffline();
      if (window.caches) caches.delete(COPIES).then(null, function () {});
    }
    copiesKept().then(function () {
      copiesHandedOver = true;
      return navigator.serviceWorker.register("./sw.js");
    }).then(function (registration) {
      if (!registration) dropCopies();  // service workers turned off (by policy or a test harness)
      // A visit the installed worker did not serve (a hard reload): no install takes the copies.
      else if (registration.active && !registration.installing && !registration.waiting) dropCopies();
      watchUpdates(registration);
      watchOffline(registration);
    }, function (error) {
      console.warn("Offline play is unavailable:", error);
      dropCopies();
      showOffline("offline-incomplete");
    });
  }

  // Whether offline play is ready is asked of the service worker, which checks its cache
  // and fetches again what went missing (sw-template.js), and never assumed: the page
  // says when it is not ready (a storage quota too small, a cleared cache that could not
  // be filled again, a failed install). #update's data-offline says what is known:
  // "ready", "offline-quota" or "offline-incomplete" (the tests wait for it).
  var OFFLINE_WORDS = {
    "offline-quota": function () {
      return _("Offline play is not available: the browser's storage for this site is full.");
    },
    "offline-incomplete": function () {
      return _("Offline play is not available: the game's files could not be saved on this device.");
    }
  };
  var OFFLINE_NOTICE_MS = 12000;
  var REASON_WAIT_MS = 2000;
  var offlineTimer = null;
  function showOffline(state) {
    settleOffline();
    var notice = $("#update");
    var text = $("#update-text");
    var button = $("#update-reload");
    if (!notice || !text || !button) return;
    var known = notice.dataset.offline;
    // A quota found full says more than a file that could not be had: keep the clearer word.
    if (state === "offline-incomplete" && known === "offline-quota") return;
    notice.dataset.offline = state === "offline-ready" ? "ready" : state;
    // The notice shows the offline words when it shows no offer of a new version.
    var offering = !notice.hidden && !button.hidden;
    if (state === "offline-ready") {
      if (!offering) notice.hidden = true;
      return;
    }
    if (offering || !OFFLINE_WORDS[state]) return;
    text.textContent = OFFLINE_WORDS[state]();
    notice.hidden = false;
    // A short notice: the table is uncovered again once it was read.
    if (offlineTimer) clearTimeout(offlineTimer);
    offlineTimer = setTimeout(function () {
      offlineTimer = null;
      if (button.hidden) notice.hidden = true;
    }, OFFLINE_NOTICE_MS);
  }

  function watchOffline(registration) {
    if (!registration) return;
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data === "offline-ready" || OFFLINE_WORDS.hasOwnProperty(event.data)) showOffline(event.data);
    });
    function ask() {
      if (registration.active) registration.active.postMessage("check-offline");
    }
    // A first visit: the worker installs now. It is asked once active; an install that
    // fails with no version active leaves no offline play. The failing worker says why
    // (sw-template.js), but its word and its end reach the page in either order: the end
    // says "incomplete" only if no word came in a moment.
    function follow(worker) {
      if (!worker || registration.active) return;
      worker.addEventListener("statechange", function () {
        if (worker.state === "activated") ask();
        else if (worker.state === "redundant" && !registration.active) {
          setTimeout(function () {
            var notice = $("#update");
            if (notice && !notice.dataset.offline) showOffline("offline-incomplete");
          }, REASON_WAIT_MS);
        }
      });
    }
    if (registration.active) ask();
    else follow(registration.installing || registration.waiting);
    registration.addEventListener("updatefound", function () { follow(registration.installing); });
    // A cache cleared while the game was left in the background is found, and filled
    // again, when the player comes back to it, or when the network does.
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") ask();
    });
    addEventListener("online", ask);
  }

  // A new version installs beside the one this page runs and waits (sw-template.js):
  // the page says so, and switches only when the player asks. The game is saved after
  // every action, so the reload loses nothing.
  function watchUpdates(registration) {
    if (!registration) return;  // service workers turned off (by policy or a test harness)
    var switching = false;
    var notice = $("#update");
    var text = $("#update-text");
    var button = $("#update-reload");

    function offer() {
      if (!registration.waiting || !navigator.serviceWorker.controller || !notice) return;
      text.textContent = _("A new version is ready:");
      button.hidden = false;
      notice.hidden = false;
    }

    offer();
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed") offer();
      });
    });
    if (button) {
      button.addEventListener("click", function () {
        if (!registration.waiting) { location.reload(); return; }
        switching = true;
        registration.waiting.postMessage("activate-update");
      });
    }
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data !== "close-other-tabs" || !notice) return;
      switching = false;
      text.textContent = _("A new version is ready: close the game's other tabs, then reload.");
    });
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (switching) location.reload();
    });
    // A page left open for days still hears of updates when the player comes back to it.
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") registration.update().catch(function () {});
    });
  }

  function describe(reason) {
    if (!reason) return _("Unknown error");
    if (reason.message) return reason.message;
    return String(reason);
  }

  // The runtime's downloads wait for the loading screen's first frame with words: before
  // it, the screen's own few files (its styles, its words, its font) have the whole
  // connection, which on a phone's network made the first words wait seconds behind
  // megabytes. The font is waited for FONT_WAIT_MS at most.
  function shown() {
    markTranslated();
    if (downloading) return;
    fontsReady.then(painted).then(startDownloads);
  }

  // Resolves once the next frame is drawn: the runtime's start waits for it, so that the
  // screen's last words (and the start of its sweep) are on screen before the start
  // holds the page's thread. A page in the background draws no frames: it does not wait.
  function painted() {
    if (document.visibilityState === "hidden") return Promise.resolve();
    return new Promise(function (resolve) {
      var waited = setTimeout(resolve, 1000);
      requestAnimationFrame(function () {
        setTimeout(function () { clearTimeout(waited); resolve(); }, 0);
      });
    });
  }

  window.solitaireBoot = {
    shown: shown, painted: painted, format: FORMAT,
    step: step, fail: fail, done: done, updateChecked: updateChecked, download: download,
    offlineSettled: offlineSettled,
    language: function () { return language; }, setLanguage: setLanguage, restoreLanguage: restoreLanguage,
    languageSpoken: languageSpoken, translatePage: translatePage, downloadFailed: downloadFailed
  };

  // PyScript reports its stages: the interpreter is loaded once the runtime is downloaded
  // and compiled; then Python starts and our files are written into its file system.
  var stages = 0;
  addEventListener("py:progress", function (event) {
    var detail = String(event.detail || "");
    stages += 1;
    if (/^Loaded interpreter|^Loading files|^Loaded files|^Loaded Pyodide/i.test(detail)) step("python");
    var fill = $(".boot-bar-fill");
    // After the downloads' share of the bar (showAmount), the stages fill the rest.
    if (fill && !finished && downloading && bytes.pending === 0) fill.style.width = Math.min(90, 75 + stages * 2) + "%";
    var current = $(".boot-steps .active");
    if (current) current.setAttribute("data-detail", detail);
  });
  addEventListener("error", function (event) {
    // A script or an image names its file in src, a style or a preloaded module in href.
    var target = event.target !== window ? event.target : null;
    var file = target && ([target.src, target.href].filter(function (name) { return typeof name === "string" && name; })[0]);
    if (file) {
      fail(_("Could not load {file}").replace("{file}", file), "network");
    } else if (!finished) {
      fail(describe(event.error || event.message));
    }
  }, true);
  addEventListener("unhandledrejection", function (event) { fail(describe(event.reason)); });
  // Python that stops without marking the page ready (an error PyScript only logs) must not leave a spinner.
  addEventListener("py:all-done", function () {
    setTimeout(function () {
      if (!finished) fail(_("The game stopped while starting. The browser console has the details."));
    }, 10000);
  });
  addEventListener("DOMContentLoaded", function () {
    setLanguage(language);
    document.addEventListener("change", chooseFromSettings);
    var retry = $(".boot-retry");
    if (retry) retry.addEventListener("click", function () { location.reload(); });
    shown();  // the screen's own script did not run: its downloads start all the same
    if (downloading && bytes.pending === 0 && !timer && !finished) startTimeout();
  });
})();
