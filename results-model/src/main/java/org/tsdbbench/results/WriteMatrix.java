package org.tsdbbench.results;

/**
 * A write matrix as the published reports ran it for one database: the rows-per-request list and
 * the client counts, in the CLI's list syntax ({@code 1,100,500}, {@code 1-7}).
 */
public record WriteMatrix(String rowsPerRequest, String clients) {
}
