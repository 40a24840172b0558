import { isAdminPath, isLoginRoute } from './admin-paths';

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

  it.each([
    ['POST', '/api/admin/login', true],
    ['post', '/API/admin/login/', true],
    ['GET', '/api/admin/login', false],
    ['POST', '/api/admin/login/extra', false],
    ['POST', '/api/admin/verify', false],
  ])('%s %s is the open login route: %s', (method, path, expected) => {
    expect(isLoginRoute(method, path)).toBe(expected);
  });
});
