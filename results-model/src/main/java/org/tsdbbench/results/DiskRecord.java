package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The disk step: the bytes the database keeps for the data set once settled, against the same rows
 * as text, bytes per row and the compression, and how it was measured (or why it was not: then
 * only the text size, the rows and the method are there); and what else the server held then
 * (null: the module cannot tell); and where the module saw them, the bytes before the database
 * settled (flushed, compacted) the data (null: not measured).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DiskRecord(long rawTextBytes, long rows, Long bytes, Double bytesPerRow, Double compression, String method,
                         ServerHeldRecord serverHeld, Long bytesBeforeSettling) {
}
