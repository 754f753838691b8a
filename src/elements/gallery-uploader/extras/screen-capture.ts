// The screen capture source (`sources="screen"`): @uppy/screen-capture and its stylesheet, a chunk of its own.
import css from '@uppy/screen-capture/css/style.min.css?inline';

export { default as plugin } from '@uppy/screen-capture';
export { css };
