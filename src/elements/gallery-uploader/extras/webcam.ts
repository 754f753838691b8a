// The camera source (`sources="camera"`): @uppy/webcam and its stylesheet, a chunk of its own.
import css from '@uppy/webcam/css/style.min.css?inline';

export { default as plugin } from '@uppy/webcam';
export { css };
