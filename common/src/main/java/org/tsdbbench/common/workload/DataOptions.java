package org.tsdbbench.common.workload;

/**
 * A workload's data-set flags on the command line (picocli {@code @Option} fields on the
 * implementing class), which every step takes as a mixin: they name the whole data set, which
 * the harness then splits into shards and clients.
 */
public interface DataOptions {

    /** Checks the flags' values before any work; a bad one is an IllegalArgumentException naming flag and value. */
    void validate();

    /** The whole data set these flags name. */
    DataSet dataSet();
}
