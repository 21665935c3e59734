import { Skeleton } from '../../../ui/loading-state.tsx';

/** Placeholder shaped like a post card while a feed loads. */
export function PostSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-3xl border border-line bg-surface">
      <div className="flex items-center gap-3 p-4">
        <Skeleton className="h-[42px] w-[42px] rounded-full" />
        <div className="flex-1">
          <Skeleton className="h-4 w-36" />
          <Skeleton className="mt-2 h-3 w-24" />
        </div>
      </div>
      <div className="px-4 pb-3">
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="mt-2 h-4 w-2/3" />
      </div>
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="flex gap-3 p-3">
        <Skeleton className="h-8 w-16 rounded-full" />
        <Skeleton className="h-8 w-16 rounded-full" />
      </div>
    </div>
  );
}

export function PostListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="flex flex-col gap-5" role="status" aria-label="Loading posts">
      {Array.from({ length: count }, (_, i) => (
        <PostSkeleton key={i} />
      ))}
    </div>
  );
}
