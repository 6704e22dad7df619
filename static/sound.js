// The game's card sounds, synthesized with Web Audio: nothing is downloaded.
//
// Python calls solitaireSound.play(name) once per sound; everything else happens
// here, scheduled on the AudioContext's own clock, so a sound adds nothing to a
// tap's task but this one call. Browsers let a page start audio only after the
// player's first touch or key (autoplay rules): the AudioContext is made, or
// resumed, inside that event, never before. The system's mute needs nothing:
// Web Audio follows it. What was played is counted on the mute button
// (data-played, data-last-sound), with the gain the sounds go through (data-gain,
// once the AudioContext exists), where tests read them.
(() => {
  "use strict";
  let context = null;
  let output = null;
  let on = true;
  let volume = 0.4;
  let played = 0;
  const GESTURES = new Set(["click", "pointerdown", "pointerup", "keydown", "keyup"]);

  function unlock() {
    if (!on) return;
    if (context === null) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return;
      context = new Context();
      output = context.createGain();
      output.gain.value = volume;
      output.connect(context.destination);
      showGain();
    }
    if (context.state === "suspended") context.resume();
  }

  // Every touch and key may be the first; they cost nothing once the context runs.
  for (const name of ["pointerdown", "keydown"]) {
    window.addEventListener(name, unlock, {capture: true, passive: true});
  }

  let noiseBuffer = null;
  function noise() {
    if (noiseBuffer === null) {
      const length = Math.floor(context.sampleRate * 0.25);
      noiseBuffer = context.createBuffer(1, length, context.sampleRate);
      const data = noiseBuffer.getChannelData(0);
      let seed = 12345;  // the same rustle every time
      for (let i = 0; i < length; i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        data[i] = seed / 0x3fffffff - 1;
      }
    }
    return noiseBuffer;
  }

  // A short burst of filtered noise: a card on the table, a flip, a deal.
  function rustle(at, length, frequency, level, type) {
    const source = context.createBufferSource();
    source.buffer = noise();
    const filter = context.createBiquadFilter();
    filter.type = type;
    filter.frequency.value = frequency;
    filter.Q.value = 0.9;
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(level, at + 0.004);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    source.connect(filter).connect(gain).connect(output);
    source.start(at, Math.random() * 0.1, length + 0.02);
  }

  // A short tone: a refused move, the win's notes, a card picked up.
  function tone(at, length, from, to, level, type) {
    const oscillator = context.createOscillator();
    oscillator.type = type;
    oscillator.frequency.setValueAtTime(from, at);
    oscillator.frequency.exponentialRampToValueAtTime(to, at + length);
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(level, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    oscillator.connect(gain).connect(output);
    oscillator.start(at);
    oscillator.stop(at + length + 0.02);
  }

  const SOUNDS = {
    pick: t => tone(t, 0.05, 700, 950, 0.25, "triangle"),
    put: t => rustle(t, 0.07, 1800, 0.9, "lowpass"),
    flip: t => rustle(t, 0.09, 3200, 0.7, "bandpass"),
    deal: t => { for (let i = 0; i < 4; i++) rustle(t + i * 0.045, 0.05, 2400, 0.6, "bandpass"); },
    refused: t => tone(t, 0.14, 200, 150, 0.3, "square"),
    win: t => [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => tone(t + i * 0.11, 0.22, f, f, 0.35, "sine")),
  };

  function play(name, delay) {
    const sound = SOUNDS[name];
    // A context made in this same touch may still be starting: what is scheduled plays once it runs.
    if (!on || !sound || context === null || context.state === "closed") return;
    sound(context.currentTime + 0.005 + (delay || 0) / 1000);
    played += 1;
    const button = document.getElementById("btn-sound");
    if (button) {
      button.dataset.played = String(played);
      button.dataset.lastSound = name;
    }
  }

  function showGain() {
    const button = document.getElementById("btn-sound");
    if (button && output !== null) button.dataset.gain = String(volume);
  }

  function configure(enabled, level) {
    on = Boolean(enabled);
    volume = Math.max(0, Math.min(1, Number(level) || 0));
    if (output !== null) {
      output.gain.setTargetAtTime(volume, context.currentTime, 0.02);
      showGain();
    }
    // Sound turned on by a touch or key (the mute button): the context may start in
    // this gesture; never from anything else (the settings read at start-up).
    const event = window.event;
    if (on && event && event.isTrusted && GESTURES.has(event.type)) unlock();
  }

  window.solitaireSound = {play, configure, unlock};
})();
