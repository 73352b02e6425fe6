/** The options of a category select: `none` first when given (its value is ""), then each category. */
export function CategoryOptions({ categories, none }: {
  categories: readonly { id: number; name: string }[] | undefined;
  none?: string;
}) {
  return (
    <>
      {none !== undefined && <option value="">{none}</option>}
      {categories?.map((category) => <option key={category.id} value={category.id}>{category.name}</option>)}
    </>
  );
}
