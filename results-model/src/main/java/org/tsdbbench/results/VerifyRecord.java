package org.tsdbbench.results;

/** The verify step after a sharded load: the rows stored against the whole data set's. */
public record VerifyRecord(long rowsStored, long rowsExpected, boolean verified) {
}
