// The image editor (`image-editor`): crop and rotate with @uppy/image-editor, a chunk of its own.
import css from '@uppy/image-editor/css/style.min.css?inline';

export { default as plugin } from '@uppy/image-editor';
export { css };
