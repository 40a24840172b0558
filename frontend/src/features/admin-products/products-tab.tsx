import { DatabaseOutlined, PlusOutlined } from '@ant-design/icons';
import { sortArchivedLast } from '@brewery/shop-rules';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { useAdminPermissions } from '@/shared/admin-access/admin-permissions';
import { useToast } from '@/shared/ui/toast/use-toast';
import { AdminProductCard } from './admin-product-card';
import { useCreateProduct } from './api/create-product';
import { useDeleteProduct } from './api/delete-product';
import type { AdminProduct } from './api/get-admin-products';
import { useAdminProducts } from './api/get-admin-products';
import { useSeedProducts, type SeedProductsResult } from './api/seed-products';
import { useSetProductActive, useUpdateProduct } from './api/update-product';
import type { ProductFormValues } from './product-form-body';
import { productFormValues, productRequestBody } from './product-form-body';
import { ProductFormDialog, refusedFormFields } from './product-form-dialog';
import { WaitingListDrawer } from './waiting-list-drawer';
import './products-tab.css';

type Dialog = { kind: 'closed' } | { kind: 'add' } | { kind: 'edit'; product: AdminProduct };

export const NO_PRODUCTS_FOUND = 'No products found';

/** The Products tab: seed, add, edit, include in or remove from the shop, delete. */
/** What a seeding did, in words that stay true when the operator had deleted some starter beers. */
export function seededText({ created, skipped, deleted = 0 }: SeedProductsResult): string {
  const gone = deleted === 0 ? '' : `, and the ${deleted} you deleted ${deleted === 1 ? 'stays' : 'stay'} deleted`;
  if (created === 0)
    return deleted === 0 ? `All ${skipped} starter beers were already there` : `No beers added: all ${skipped} were seeded before${gone}`;
  const added = `${created} ${created === 1 ? 'beer' : 'beers'} added`;
  return skipped === 0 ? added : `${added}; ${skipped} were seeded before${gone}`;
}

/**
 * A role without `products.manage` (a packer) sees the range read-only: no seeding, adding, editing, deleting,
 * taking out of the shop, pictures, stock or waiting lists.
 */
export function ProductsTab() {
  const mayManage = useAdminPermissions().may('products.manage');
  const products = useAdminProducts();
  const seed = useSeedProducts();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const setActive = useSetProductActive();
  const remove = useDeleteProduct();
  const toast = useToast();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });
  const [waitlistOf, setWaitlistOf] = useState<AdminProduct | null>(null);
  /** The fields the server refused in the last save of the open form (shown under each). */
  const [refused, setRefused] = useState<Record<string, string> | null>(null);

  // The dialog resets its form when this changes, so it must not change while the operator types.
  const editing = useMemo(
    () => (dialog.kind === 'edit' ? { id: dialog.product.id, name: dialog.product.name, values: productFormValues(dialog.product) } : null),
    [dialog],
  );

  const showError = (error: unknown) => toast.error(errorMessage(error));

  const seedProducts = () =>
    seed.mutate(undefined, {
      onSuccess: (result) => toast.success('Products seeded', seededText(result)),
      onError: showError,
    });

  const openDialog = (next: Dialog) => {
    setRefused(null);
    setDialog(next);
  };

  const submit = (values: ProductFormValues) => {
    const body = productRequestBody(values);
    const done = (title: string) => () => {
      toast.success(title, body.name);
      openDialog({ kind: 'closed' });
    };
    // A refused field (club members from, not before the release) is said under it, as the form's own checks are.
    const refusedSave = (error: unknown) => {
      if (error instanceof ApiError && refusedFormFields(error.fields).length > 0) setRefused(error.fields);
      else showError(error);
    };
    if (dialog.kind === 'edit') {
      update.mutate(
        { id: dialog.product.id, body: { ...body, revision: dialog.product.revision } },
        { onSuccess: done('Product updated'), onError: refusedSave },
      );
    } else {
      create.mutate(body, { onSuccess: done('Product created'), onError: refusedSave });
    }
  };

  const toggleActive = (product: AdminProduct) =>
    setActive.mutate(
      { id: product.id, isActive: !product.isActive },
      {
        onSuccess: () => toast.success(product.isActive ? 'Product removed from shop' : 'Product included in shop', product.name),
        onError: showError,
      },
    );

  const deleteProduct = (product: AdminProduct) =>
    remove.mutate(product.id, { onSuccess: () => toast.success('Product deleted', product.name), onError: showError });

  const busyId = setActive.isPending ? setActive.variables.id : remove.isPending ? remove.variables : null;
  const list = products.data ?? [];

  return (
    <section className="admin-products" aria-label="Products">
      <header className="admin-products__header">
        <div>
          <h2 className="admin-products__title">Products</h2>
          <p className="admin-products__subtitle">
            {products.isSuccess ? `${list.length} products, archived last` : 'Your range, as the shop sells it'}
          </p>
        </div>
        {mayManage ? (
          <div className="admin-products__actions">
            <Button icon={<DatabaseOutlined aria-hidden />} onClick={seedProducts} loading={seed.isPending}>
              Seed Products
            </Button>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openDialog({ kind: 'add' })}>
              Add Product
            </Button>
          </div>
        ) : null}
      </header>

      {products.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : products.isError ? (
        <Alert type="error" showIcon title="Could not load the products" description={errorMessage(products.error)} />
      ) : list.length === 0 ? (
        <Empty description={NO_PRODUCTS_FOUND}>
          {mayManage ? (
            <Button type="primary" icon={<DatabaseOutlined aria-hidden />} onClick={seedProducts} loading={seed.isPending}>
              Seed Products
            </Button>
          ) : null}
        </Empty>
      ) : (
        <div className="admin-products__grid">
          {sortArchivedLast(list).map((product) => (
            <AdminProductCard
              key={product.id}
              product={product}
              busy={busyId === product.id}
              manage={mayManage}
              onToggleActive={toggleActive}
              onEdit={(p) => openDialog({ kind: 'edit', product: p })}
              onDelete={deleteProduct}
              onOpenWaitlist={setWaitlistOf}
            />
          ))}
        </div>
      )}

      {mayManage ? (
        <>
          <ProductFormDialog
            open={dialog.kind !== 'closed'}
            editing={editing}
            saving={create.isPending || update.isPending}
            onSubmit={submit}
            onCancel={() => openDialog({ kind: 'closed' })}
            refused={refused}
          />
          <WaitingListDrawer product={waitlistOf} onClose={() => setWaitlistOf(null)} />
        </>
      ) : null}
    </section>
  );
}
