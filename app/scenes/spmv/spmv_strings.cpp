// The SpMV scene's kernel-made texts (the variants' titles, references, lessons and book notes
// from kernels/spmv/spmv_info.cpp, the formats' titles from format_names.cpp), listed so the
// catalog has them; tr_text translates them where they are shown. S2 adds the teach steps' labels
// in the block marked for them.
#include "spmv_strings.h"

#include <iterator>

#include "i18n/i18n.h"

namespace ws::app {

namespace {

const char* const kSpmvKernelTexts[] = {
    // kernels/spmv/spmv_info.cpp: titles, references, lessons, book notes.
    TR_NOOP("COO: one thread per nonzero, atomicAdd into y"), TR_NOOP("PMPP 14.2"),
    TR_NOOP("Every thread does the same work, so the load is perfectly balanced, but threads of "
            "one row collide on y[row]: the atomics serialize."),
    TR_NOOP("CSR: one thread per row"), TR_NOOP("PMPP 14.3"),
    TR_NOOP("A thread per row needs no atomics, but a warp waits for its longest row (divergence) "
            "and neighbouring lanes read far-apart col and val entries (uncoalesced)."),
    TR_NOOP("The book adds the row's sum into y (y[row] += sum, y = y + A x); here y starts "
            "unwritten and the kernel writes y[row] = sum (y = A x): one store, no read of y."),
    TR_NOOP("ELL: one thread per row, padded column-major arrays"), TR_NOOP("PMPP 14.4"),
    TR_NOOP("Padding every row to the longest and storing the arrays column-major makes a warp's "
            "loads coalesced and its threads take the same number of steps, at the price of "
            "multiplying padding zeros."),
    TR_NOOP("The 4th edition's kernel keeps nnzPerRow and stops at each row's length; the 3rd "
            "edition's (the one drawn here) runs every row over all W slots and multiplies the "
            "padding (col 0, val 0): no divergence, more traffic. y[row] = sum as in csr."),
    TR_NOOP("Hybrid ELL + COO"), TR_NOOP("PMPP 14.5"),
    TR_NOOP("A few long rows would pad every row of an ELL matrix; cutting the ELL width where the "
            "row lengths thin out and sending the rest to COO keeps the padding small."),
    TR_NOOP("The book hands the COO part to the host (or a second kernel) after the ELL kernel; "
            "here the COO part is a second kernel on the device, one thread per leftover nonzero."),
    TR_NOOP("JDS: sorted rows over jagged diagonals"), TR_NOOP("PMPP 14.6"),
    TR_NOOP("Sorting rows by length puts rows of similar length in the same warp: little "
            "divergence and no padding, with coalesced loads along each jagged diagonal."),
    TR_NOOP("The book describes the layout (jds_row_perm, jds_t_col_ptr) and leaves the kernel as "
            "an exercise: here thread i walks the diagonals while i is inside them, then writes "
            "y[perm[i]]."),
    TR_NOOP("CSR vector: a warp per row, shuffle reduction"),
    TR_NOOP("Bell & Garland 2009 (not in PMPP 14)"),
    TR_NOOP("Giving each row a whole warp makes the loads of a row coalesced and shares a long "
            "row's work among 32 lanes; short rows leave most lanes idle."),
    TR_NOOP("Merge-path CSR: equal shares of rows + nonzeros"),
    TR_NOOP("Merrill & Garland 2016 (beyond PMPP 14)"),
    TR_NOOP("Splitting the merged list of row ends and nonzeros into equal shares balances the "
            "load whatever the row lengths (the co-rank of PMPP 12 applied to SpMV); its teach "
            "view shows the partition it computes."),
    // kernels/spmv/format_names.cpp: the formats' titles.
    TR_NOOP("COO (14.2)"), TR_NOOP("CSR (14.3)"), TR_NOOP("ELL (14.4)"),
    TR_NOOP("hybrid ELL-COO (14.5)"), TR_NOOP("JDS (14.6)"),
    // threads mode (S2): the teach steps' labels and phases.
};

}  // namespace

const std::vector<const char*>& spmv_kernel_text_keys() {
  static const std::vector<const char*> keys(std::begin(kSpmvKernelTexts),
                                             std::end(kSpmvKernelTexts));
  return keys;
}

}  // namespace ws::app
