package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What a write cell's forks verified: their records summed ({@code verified}, null when no fork
 * left one) and each fork's own, all without their encoded histograms.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record VerificationRecord(@JsonInclude(JsonInclude.Include.ALWAYS) TrialRecord verified, List<TrialRecord> forks) {

    /** The verification of the forks' records, as they were appended to the verify log; an empty list gives a null {@code verified}. */
    public static VerificationRecord of(List<TrialRecord> forks) {
        if (forks.isEmpty()) return new VerificationRecord(null, null);
        return new VerificationRecord(TrialRecord.sum(forks).withoutHistogram(), forks.stream().map(TrialRecord::withoutHistogram).toList());
    }
}
