package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** The query step's answer checks, one per query run, and the catalog queries the dialect cannot say (absent, never faked). */
public record QueryRecord(List<QueryCheck> checked, List<String> absent) {

    /** One query checked once against the generator's answer: its text, and what was wrong when it was. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record QueryCheck(String id, String query, boolean correct, String problem) {
    }
}
