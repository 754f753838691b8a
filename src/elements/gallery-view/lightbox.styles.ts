// Styles of the lightbox, adopted into the element's shadow root when the lightbox first loads. Dark in
// both themes, as photo viewers are: the picture is what should stand out.
import { css } from 'lit';

export const lightboxStyles = css`
  .lightbox {
    box-sizing: border-box;
    width: 100vw;
    max-width: none;
    height: 100dvh;
    max-height: none;
    margin: 0;
    padding: 0;
    border: 0;
    overflow: hidden;
    background: transparent;
    color: var(--gallery-lightbox-fg);
    --gallery-accent: #8ab4ff;
  }
  .lightbox::backdrop {
    background: transparent;
  }
  .lightbox :focus-visible {
    outline: var(--gallery-lightbox-focus, 2px solid #8ab4ff);
    outline-offset: 2px;
  }
  /* The frame holds everything, so it (not the dialog, which cannot) is what goes full screen. */
  .frame {
    box-sizing: border-box;
    position: relative;
    display: grid;
    grid-template: 56px minmax(0, 1fr) auto / minmax(0, 1fr);
    width: 100%;
    height: 100%;
    overflow: hidden;
    background: var(--gallery-lightbox-bg);
  }
  .frame::backdrop {
    background: #000;
  }
  .bar {
    grid-area: 1 / 1;
    z-index: 1;
    display: flex;
    align-items: center;
    gap: 2px;
    padding: 0 6px 0 16px;
    /* The bar's empty space belongs to the stage (a tap there closes, like one beside the image). */
    pointer-events: none;
  }
  .bar > * {
    pointer-events: auto;
  }
  .count {
    margin: 0 auto 0 0;
    font-variant-numeric: tabular-nums;
    font-size: 0.9375em;
    text-shadow: 0 0 2px rgb(0 0 0 / 0.8);
  }
  .stage {
    grid-area: 1 / 1 / -1 / -1;
    display: grid;
    grid-template-rows: subgrid;
    grid-template-columns: minmax(0, 1fr);
    touch-action: none;
    user-select: none;
    -webkit-user-select: none;
  }
  /* The room an image fits in: between the toolbar and the caption, the full width on a phone. */
  .fit {
    grid-row: 2;
    position: relative;
    display: grid;
    place-items: center;
    min-height: 0;
    container-type: size;
  }
  @media (min-width: 720px) {
    .fit {
      margin-inline: 64px;
    }
  }
  /* Natural size at most (--w), else as large as the room allows, in the image's own proportions (--r). */
  .fit img[data-sized] {
    width: min(var(--w), 100cqw, 100cqh * var(--r));
    height: auto;
  }
  .fit img:not([data-sized]),
  .fit video {
    max-width: 100cqw;
    max-height: 100cqh;
  }
  .fit .video {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 8px;
    max-height: 100cqh;
  }
  .fit .video:has(.subtitles) video {
    max-height: calc(100cqh - 48px);
  }
  .subtitles {
    display: flex;
    align-items: center;
    gap: 8px;
    font-size: 0.875em;
  }
  .subtitles select {
    min-height: 44px;
    font: inherit;
  }
  .fit img {
    display: block;
    cursor: zoom-in;
    animation: appear 0.2s ease-out;
  }
  .zoomed .fit img {
    cursor: grab;
  }
  .fit img.animate {
    transition: transform 0.2s ease-out;
  }
  @keyframes appear {
    from {
      opacity: 0;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .fit img {
      animation: none;
    }
    .fit img.animate {
      transition: none;
    }
  }
  .meta {
    grid-area: 3 / 1;
    z-index: 1;
    max-height: 30vh;
    overflow: auto;
    padding: 8px 16px 16px;
    text-align: center;
    line-height: 1.4;
  }
  .meta p {
    max-width: 70ch;
    margin: 0 auto 2px;
  }
  .meta .copyright {
    font-size: 0.8125em;
    opacity: 0.8;
  }
  .meta [part='lightbox-description'] {
    font-size: 0.875em;
    opacity: 0.85;
  }
  .zoomed .meta {
    visibility: hidden;
  }
  .lightbox a {
    color: var(--gallery-accent);
  }
  .lightbox .tool {
    box-sizing: border-box;
    display: grid;
    place-items: center;
    flex: none;
    width: 44px;
    height: 44px;
    padding: 0;
    border: 0;
    border-radius: 50%;
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
  .lightbox .tool:hover,
  .lightbox .tool[aria-pressed='true'] {
    background: rgb(255 255 255 / 0.14);
  }
  .glyph {
    width: 24px;
    height: 24px;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.75;
    stroke-linecap: round;
    stroke-linejoin: round;
    /* Legible over a zoomed picture too. */
    filter: drop-shadow(0 0 1px rgb(0 0 0 / 0.7));
  }
  .lightbox .nav {
    position: absolute;
    top: 50%;
    z-index: 1;
    translate: 0 -50%;
    background: rgb(0 0 0 / 0.3);
  }
  .nav[aria-disabled='true'] {
    opacity: 0.35;
  }
  .prev {
    left: 8px;
  }
  .next {
    right: 8px;
  }
`;
