// The header of every demo page: the name and the pages, the one showing marked with aria-current. A plain
// script that replaces itself where it stands, so the header is in place before the page first paints.
(() => {
  const PAGES = [
    ['/demo/', 'All together'],
    ['/demo/uploader.html', 'Uploader'],
    ['/demo/view.html', 'Gallery view'],
    ['/demo/live.html', 'Live player'],
    ['/demo/react/', 'React'],
    ['/portals/demo/', 'Portal'],
  ];
  const here = location.pathname.replace(/index\.html$/, '');
  const make = (tag, attributes = {}, ...children) => {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.append(...children);
    return element;
  };
  const links = PAGES.map(([href, name]) =>
    make('li', {}, make('a', href === here ? { href, 'aria-current': 'page' } : { href }, name)),
  );
  const header = make(
    'header',
    { class: 'site-header' },
    make(
      'div',
      { class: 'site-header-inner' },
      make('span', { class: 'brand' }, 'gallery-elements', make('small', {}, 'demo')),
      make('nav', { 'aria-label': 'Demo pages' }, make('ul', {}, ...links)),
    ),
  );
  document.currentScript.replaceWith(header);
})();
