import { Outlet } from 'react-router-dom';
import { AntdScope } from '@/shared/ui/antd-scope';

/** The pages drawn with antd's components, inside its theme: a layout without a path, loaded with the first of them. */
export function Component() {
  return (
    <AntdScope>
      <Outlet />
    </AntdScope>
  );
}
