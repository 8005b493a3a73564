package org.tsdbbench.common.cli;

import picocli.CommandLine.Option;
import org.tsdbbench.results.StepFlags;

/**
 * {@code -rowsPerRequest} of the steps that write with one request size (load, mixed, volume),
 * declared and checked once; the write step takes a list of them instead (its matrix).
 */
final class RowsPerRequestOption {

    @Option(names = {StepFlags.ROWS_PER_REQUEST, StepFlags.ROWS_PER_REQUEST_KEBAB}, description = "Rows in one write request (default: ${DEFAULT-VALUE}).")
    int value = StepFlags.DEFAULT_ROWS_PER_REQUEST;

    void validate() throws UsageException {
        check(value);
    }

    /** The one rule for any rows-per-request value, the write step's list included. */
    static void check(int rows) throws UsageException {
        if (rows < 1 || rows > WriteStep.MAX_ROWS_PER_REQUEST) {
            throw new UsageException(StepFlags.ROWS_PER_REQUEST + " " + rows + ": must be 1.." + WriteStep.MAX_ROWS_PER_REQUEST);
        }
    }
}
