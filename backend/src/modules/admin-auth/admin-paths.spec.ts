import { isAdminPath } from './admin-paths';

describe('admin paths', () => {
  it.each([
    ['/api/admin/products', true],
    ['/api/admin/products/:id', true],
    ['/api/admin', true],
    ['/api/admin/', true],
    ['/API/Admin/products', true],
    ['/api//admin/products', true],
    ['/api/administrator', false],
    ['/api/products', false],
    ['/api/adminx/products', false],
    ['/admin', false],
  ])('%s is an admin path: %s', (path, expected) => {
    expect(isAdminPath(path)).toBe(expected);
  });
});
