#pragma once

// How this process's memory is kept near what it holds, with lists of 100,000 sandboxes coming and going on
// worker threads (glibc's malloc; under AddressSanitizer both calls do nothing).
class ProcessMemory
{
public:
    // Blocks of 256 KiB and more (a list's array, a reply's body, a model's rows) get pages of their own,
    // given back when freed. glibc otherwise raises that bound after each such block freed, up to 32 MiB,
    // and then carves them out of the heap, where what is freed around a live block stays resident: ten
    // refreshes of 100,000 sandboxes left some 30 MB of peak resident memory that way (bench_frame).
    // Idempotent; the first store made calls it.
    static void keepLargeBlocksApart();
    // Gives freed pages back to the system, those of every thread's arena included: glibc keeps what a worker
    // freed in that worker's arena.
    static void giveFreedPagesBack();
};
