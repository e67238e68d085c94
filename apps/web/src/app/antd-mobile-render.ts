import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { __admRoot?: Root };

/**
 * antd-mobile 5 renders Toast and Dialog with ReactDOM.render, which React 19 removed; without
 * this shim they render nothing. It gives antd-mobile a createRoot-based renderer.
 */
export function installAntdMobileRender(): void {
  unstableSetRender((node, container: Container) => {
    container.__admRoot ??= createRoot(container);
    const root = container.__admRoot;
    root.render(node);
    return async () => {
      // Let the closing animation's last frame commit before unmounting.
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete container.__admRoot;
    };
  });
}
